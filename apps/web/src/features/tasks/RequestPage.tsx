import type { HistoryRecord, InstanceRecord } from '@macro/contract/workflow';
import { Alert, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcessDiagram } from '../../components/bpmn/ProcessDiagram';
import { BoundForm } from '../../components/forms/BoundForm';
import { WarningBlock } from '../../components/WarningBlock';
import { ProcessHistory } from '../../components/workflow/ProcessHistory';
import { MESSAGES_NS } from '../../i18n';
import { useTabTitle } from '../../shell/tabs';
import { useHistory, useProcessView } from './api';
import { useIdFromPath } from './paths';
import './tasks.css';

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** The colour of a request's status tag: approving blue, approved green, anything that stopped it red. */
export const statusColour = (status: string) => (status === 'approved' ? 'green' : status === 'approving' ? 'blue' : 'red');

/** The last rejection, when nothing was approved at that node since: what the starter most wants to read. */
function standingRejection(history: readonly HistoryRecord[]): HistoryRecord | undefined {
  const decisions = history.filter((h) => h.event === 'leave' && h.nodeKind === 'userTask');
  const last = decisions.at(-1);
  return last?.action === 'reject' ? last : undefined;
}

/**
 * /workflow/requests/{instanceId}: one request, read-only, for whoever takes part in it (the
 * starter, an approver, a carbon copy): the form as it was entered, with labels; the diagram with
 * done, rejected and current nodes; who holds it now; the last rejection and its reason; the
 * history.
 */
export function RequestPage() {
  const { t } = useTranslation('tasks');
  const id = useIdFromPath();
  const view = useProcessView(id);
  const instance = view.data?.instance;
  useTabTitle(instance ? instance.title || t('untitled') : undefined);
  return (
    <Card title={<h2 className="task-page-title">{instance ? instance.title || t('untitled') : t('request.title')}</h2>} data-testid="request-page">
      {id === undefined ? (
        <WarningBlock title={t(`${MESSAGES_NS}:workflow.instanceNotFound`)} testId="request-problem" />
      ) : view.error ? (
        <WarningBlock title={view.error.message} testId="request-problem" />
      ) : view.data && instance ? (
        <RequestView instance={instance} formKey={view.data.formKey} variables={view.data.variables} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function RequestView({ instance, formKey, variables }: { instance: InstanceRecord; formKey: string | null; variables: Record<string, unknown> }) {
  const { t } = useTranslation('tasks');
  const history = useHistory(instance.processInstanceId);
  const rejection = standingRejection(history.data ?? []);
  const entries = Object.entries(variables);
  const list = (names: string[]) => (names.length ? names.join(t('candidateSeparator')) : '—');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {rejection ? (
        <Alert
          type="error"
          showIcon
          data-testid="request-rejection"
          title={t('request.rejectedBy', { name: rejection.userName, node: rejection.nodeName })}
          description={rejection.comment ? t('request.reason', { reason: rejection.comment }) : t('request.noReason')}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        data-testid="request-summary"
        items={[
          { key: 'template', label: t('field.template'), children: instance.name || instance.code },
          {
            key: 'status',
            label: t('field.status'),
            children: <Tag color={statusColour(instance.status)}>{t(`status.${instance.status}`, { defaultValue: instance.status })}</Tag>,
          },
          { key: 'starter', label: t('field.starter'), children: instance.starterName || '—' },
          { key: 'startTime', label: t('field.startTime'), children: when(instance.startTime) },
          { key: 'endTime', label: t('field.endTime'), children: when(instance.endTime) },
          { key: 'current', label: t('field.currentNodes'), children: <span data-testid="request-current-nodes">{list(instance.currentNodes)}</span> },
          {
            key: 'approvers',
            label: t('field.currentApprovers'),
            children: <span data-testid="request-current-approvers">{list(instance.currentApprovers)}</span>,
          },
        ]}
      />
      <section aria-labelledby="request-form-heading">
        <h3 className="task-section" id="request-form-heading">
          {t('formData')}
        </h3>
        {formKey ? (
          <BoundForm formKey={formKey} value={variables} readOnly testId="request-form" />
        ) : entries.length ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={entries.map(([key, value]) => ({ key, label: key, children: String(value) }))}
            data-testid="request-variables"
          />
        ) : (
          <span className="task-none">{t('noFormData')}</span>
        )}
      </section>
      <section aria-labelledby="request-diagram-heading">
        <h3 className="task-section" id="request-diagram-heading">
          {t('diagram.title')}
        </h3>
        <ProcessDiagram instanceId={instance.processInstanceId} />
      </section>
      <section aria-labelledby="request-history-heading">
        <h3 className="task-section" id="request-history-heading">
          {t('history')}
        </h3>
        {history.isLoading ? <Spin /> : <ProcessHistory records={history.data ?? []} testId="request-history" />}
      </section>
    </Space>
  );
}
