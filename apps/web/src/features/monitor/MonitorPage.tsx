import { type InstanceRecord, WORKFLOW_PERMISSIONS as P, WORKFLOW_MONITOR_ENDPOINTS as M } from '@macro/contract/workflow';
import { App, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useResume, useSuspend } from './api';
import { AssignDialog } from './AssignDialog';
import { HistoryDrawer } from './HistoryDrawer';

interface KeywordSearch extends Record<string, string | undefined> {
  keyword?: string;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
const STATE_COLOURS: Record<string, string> = { running: 'blue', suspended: 'orange', completed: 'green', terminated: 'default' };

/** The process monitor: running and finished processes of the tenant; suspend (asked first), resume, assign an approver. */
export function MonitorPage() {
  const { t } = useTranslation('monitor');
  const { modal, message } = App.useApp();
  const running = useCrudList<typeof M.unfinished, KeywordSearch>(M.unfinished);
  const finished = useCrudList<typeof M.finished, KeywordSearch>(M.finished);
  const suspend = useSuspend();
  const resume = useResume();
  const [assigning, setAssigning] = useState<InstanceRecord | null>(null);
  const [viewing, setViewing] = useState<InstanceRecord | null>(null);
  const viewHistory = { key: 'history', label: t('history.action'), onClick: setViewing };

  const search: SearchField[] = [{ name: 'keyword', label: t('field.keyword'), placeholder: t('search.keywordPlaceholder') }];
  const columns: ColumnsType<InstanceRecord> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    {
      dataIndex: 'name',
      title: t('field.template'),
      width: 160,
      ellipsis: true,
      render: (name: string, row) => <span title={row.code}>{name || row.code}</span>,
    },
    { dataIndex: 'version', title: t('field.version'), width: 80 },
    { dataIndex: 'starterName', title: t('field.starter'), width: 110, ellipsis: true },
    {
      dataIndex: 'state',
      title: t('field.state'),
      width: 110,
      render: (state: string) => <Tag color={STATE_COLOURS[state]}>{t(`state.${state}`, { defaultValue: state })}</Tag>,
    },
    { dataIndex: 'currentNodes', title: t('field.currentNodes'), width: 140, ellipsis: true, render: (names: string[]) => names.join(t('separator')) },
    { dataIndex: 'currentApprovers', title: t('field.currentApprovers'), width: 160, ellipsis: true, render: (names: string[]) => names.join(t('separator')) },
    { dataIndex: 'startTime', title: t('field.startTime'), width: 170, render: when },
    { dataIndex: 'endTime', title: t('field.endTime'), width: 170, render: when },
  ];

  const confirmSuspend = (instance: InstanceRecord) =>
    modal.confirm({
      title: t('suspend.title'),
      content: t('suspend.question', { title: instance.title }),
      okText: t('suspend.ok'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'suspend-confirm' },
      onOk: () =>
        suspend
          .mutateAsync({ body: { processInstanceId: instance.processInstanceId } })
          .then(() => message.success(t('suspend.done')))
          .catch(() => undefined),
    });
  const doResume = (instance: InstanceRecord) =>
    void resume
      .mutateAsync({ body: { processInstanceId: instance.processInstanceId } })
      .then(() => message.success(t('resume.done')))
      .catch(() => undefined);

  const tabs = [
    {
      key: 'running',
      label: t('tab.running'),
      children: (
        <CrudList<InstanceRecord, KeywordSearch>
          testId="monitor-running"
          title={t('tab.running')}
          list={running}
          search={search}
          columns={columns}
          rowLabel={(row) => row.title}
          rowActions={[
            {
              key: 'suspend',
              label: t('suspend.action'),
              permission: P.monitorEdit,
              danger: true,
              show: (row) => row.state === 'running',
              onClick: confirmSuspend,
            },
            { key: 'resume', label: t('resume.action'), permission: P.monitorEdit, show: (row) => row.state === 'suspended', onClick: doResume },
            { key: 'assign', label: t('assign.action'), permission: P.monitorEdit, show: (row) => row.state === 'running', onClick: setAssigning },
            viewHistory,
          ]}
          scrollX={1560}
        />
      ),
    },
    {
      key: 'finished',
      label: t('tab.finished'),
      children: (
        <CrudList<InstanceRecord, KeywordSearch>
          testId="monitor-finished"
          title={t('tab.finished')}
          list={finished}
          search={search}
          columns={columns}
          rowLabel={(row) => row.title}
          rowActions={[viewHistory]}
          scrollX={1440}
        />
      ),
    },
  ];

  return (
    <div data-testid="monitor-page">
      <Tabs items={tabs} />
      <AssignDialog instance={assigning} onClose={() => setAssigning(null)} />
      <HistoryDrawer instance={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
