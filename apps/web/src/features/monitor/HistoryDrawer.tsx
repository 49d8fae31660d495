import type { InstanceRecord } from '@macro/contract/workflow';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcessDiagram } from '../../components/bpmn/ProcessDiagram';
import { ProcessHistory } from '../../components/workflow/ProcessHistory';
import { useInstanceHistory } from './api';

/** One process for the monitor: its diagram (done, rejected, current nodes) and what happened, node by node. */
export function HistoryDrawer({ instance, onClose }: { instance: InstanceRecord | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const history = useInstanceHistory(instance?.processInstanceId);
  return (
    <Drawer
      open={instance !== null}
      title={instance ? t('history.title', { title: instance.title }) : ''}
      onClose={onClose}
      size="large"
      destroyOnHidden
      data-testid="monitor-history"
    >
      {/* Focusable, so a keyboard user can scroll a long history. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable history must take focus for the keyboard */}
      <section tabIndex={0} aria-label={instance ? t('history.title', { title: instance.title }) : undefined}>
        {instance ? <ProcessDiagram instanceId={instance.processInstanceId} monitor /> : null}
        {history.isLoading ? <Spin /> : <ProcessHistory records={history.data ?? []} testId="monitor-history-timeline" />}
      </section>
    </Drawer>
  );
}
