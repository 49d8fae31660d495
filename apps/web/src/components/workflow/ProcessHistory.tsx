import type { HistoryRecord } from '@macro/contract/workflow';
import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';

/** A process's history as a timeline: when, at which node, who, what they did and said (flows taken left out). */
export function ProcessHistory({ records, testId }: { records: readonly HistoryRecord[]; testId: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Timeline
      data-testid={testId}
      items={records
        .filter((h) => h.event !== 'flow')
        .map((h) => ({
          key: h.id,
          content: [h.time.slice(0, 16).replace('T', ' '), h.nodeName, h.userName, t(`event.${h.action ?? h.event}`, { defaultValue: h.action ?? h.event }), h.comment].filter(Boolean).join(' · '),
        }))}
    />
  );
}
