import type { HistoryRecord } from '@macro/contract/workflow';
import { useTranslation } from 'react-i18next';
import './processHistory.css';

/** Nodes where the process waits for someone, or ends: arriving there is worth a line. */
const STOPS = new Set(['startEvent', 'userTask', 'endEvent']);

/**
 * Whether a history record is a line of the timeline: what people did (a departure with a
 * decision, an operation such as a copy or a stamp) always; arrivals only where the process
 * stops; not flows, nor departures nobody decided (a gateway passed).
 */
export function shownInTimeline(h: HistoryRecord): boolean {
  if (h.event === 'flow') return false;
  if (h.event === 'enter') return STOPS.has(h.nodeKind);
  return h.event !== 'leave' || h.action !== null;
}

/** "Candidates: A, B" on the completion of a task that was given to several people; else nothing. */
export function candidatesText(t: (key: string, options?: Record<string, unknown>) => string, h: Pick<HistoryRecord, 'candidateNames'>): string {
  return h.candidateNames.length ? t('candidates', { names: h.candidateNames.join(t('candidateSeparator')) }) : '';
}

/** What was done, and to whom a hand-over gave the task ("转办 → 王五"). */
export function actionText(t: (key: string, options?: Record<string, unknown>) => string, h: Pick<HistoryRecord, 'action' | 'event' | 'targetName'>): string {
  const done = t(`event.${h.action ?? h.event}`, { defaultValue: h.action ?? h.event });
  return h.targetName ? `${done} → ${h.targetName}` : done;
}

/**
 * A process's history as a timeline: when, at which node, who, what they did and said. An
 * arrival names nobody: the person who moved the process there is not the one it waits for.
 * An ordered list drawn as a line of dots (antd's Timeline would bring its steps component).
 */
export function ProcessHistory({ records, testId }: { records: readonly HistoryRecord[]; testId: string }) {
  const { t } = useTranslation('tasks');
  return (
    <ol className="process-history" data-testid={testId}>
      {records.filter(shownInTimeline).map((h) => (
        <li key={h.id} className={h.event === 'enter' ? 'process-history-item' : 'process-history-item process-history-done'}>
          {[h.time.slice(0, 16).replace('T', ' '), h.nodeName, candidatesText(t, h), h.event === 'enter' ? '' : h.userName, actionText(t, h), h.comment]
            .filter(Boolean)
            .join(' · ')}
        </li>
      ))}
    </ol>
  );
}
