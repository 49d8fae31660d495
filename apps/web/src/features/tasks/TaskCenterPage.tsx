import { type InstanceRecord, type TaskRecord, WORKFLOW_PERMISSIONS as P, WORKFLOW_TASK_ENDPOINTS as T } from '@macro/contract/workflow';
import { App, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useWithdraw } from './api';
import { LaunchDialog } from './LaunchDialog';
import { TaskDrawer } from './TaskDrawer';

interface KeywordSearch extends Record<string, string | undefined> {
  keyword?: string;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** My tasks (spec 001 §2): to-do, done and the processes I started; start a new one from a template. */
export function TaskCenterPage() {
  const { t } = useTranslation('tasks');
  const { modal, message } = App.useApp();
  const todo = useCrudList<typeof T.todo, KeywordSearch>(T.todo);
  const done = useCrudList<typeof T.done, KeywordSearch>(T.done);
  const started = useCrudList<typeof T.started, KeywordSearch>(T.started);
  const withdraw = useWithdraw();
  const [open, setOpen] = useState<{ task: TaskRecord; handling: boolean } | null>(null);
  const [launching, setLaunching] = useState(false);

  const search: SearchField[] = [{ name: 'keyword', label: t('field.keyword'), placeholder: t('search.keywordPlaceholder') }];
  const statusTag = (status: string) => <Tag color={status === 'approved' ? 'green' : 'blue'}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
  const taskColumns: ColumnsType<TaskRecord> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'nodeName', title: t('field.node'), ellipsis: true },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: statusTag },
    { dataIndex: 'createTime', title: t('field.createTime'), width: 170, render: when },
  ];
  const instanceColumns: ColumnsType<InstanceRecord> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: statusTag },
    { dataIndex: 'startTime', title: t('field.startTime'), width: 170, render: when },
    { dataIndex: 'endTime', title: t('field.endTime'), width: 170, render: when },
  ];

  /** Withdrawing what I submitted takes it back to the start node: asked twice (spec 001 §4). */
  const confirmWithdraw = (instance: InstanceRecord) =>
    modal.confirm({
      title: t('withdraw.title'),
      content: t('withdraw.question', { title: instance.title }),
      okText: t('withdraw.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'withdraw-confirm' },
      onOk: () =>
        modal.confirm({
          title: t('withdraw.againTitle'),
          content: t('withdraw.again'),
          okText: t('withdraw.ok'),
          okType: 'danger',
          cancelText: t('common:cancel'),
          okButtonProps: { 'data-testid': 'withdraw-confirm-start' },
          onOk: () =>
            withdraw
              .mutateAsync({ body: { processInstanceId: instance.processInstanceId, confirmStart: true } })
              .then(() => message.success(t('withdraw.done')))
              .catch(() => undefined),
        }),
    });

  const tabs = [
    {
      key: 'todo',
      label: t('tab.todo'),
      children: (
        <CrudList<TaskRecord, KeywordSearch>
          testId="todo"
          title={t('tab.todo')}
          list={todo}
          search={search}
          columns={taskColumns}
          rowLabel={(row) => row.title}
          toolbar={[{ key: 'launch', label: t('launch.action'), primary: true, permission: P.taskHandle, onClick: () => setLaunching(true) }]}
          rowActions={[{ key: 'handle', label: t('action.handle'), permission: P.taskHandle, onClick: (task) => setOpen({ task, handling: true }) }]}
          actionWidth={100}
          scrollX={760}
        />
      ),
    },
    {
      key: 'done',
      label: t('tab.done'),
      children: (
        <CrudList<TaskRecord, KeywordSearch>
          testId="done"
          title={t('tab.done')}
          list={done}
          search={search}
          columns={taskColumns}
          rowLabel={(row) => row.title}
          rowActions={[{ key: 'view', label: t('common:view'), onClick: (task) => setOpen({ task, handling: false }) }]}
          actionWidth={100}
          scrollX={760}
        />
      ),
    },
    {
      key: 'started',
      label: t('tab.started'),
      children: (
        <CrudList<InstanceRecord, KeywordSearch>
          testId="started"
          title={t('tab.started')}
          list={started}
          search={search}
          columns={instanceColumns}
          rowLabel={(row) => row.title}
          rowActions={[
            { key: 'withdraw', label: t('withdraw.action'), permission: P.taskHandle, show: (row) => row.state === 'running', onClick: confirmWithdraw },
          ]}
          actionWidth={100}
          scrollX={760}
        />
      ),
    },
  ];

  return (
    <div data-testid="task-center">
      <Tabs items={tabs} destroyOnHidden={false} />
      <TaskDrawer task={open?.task ?? null} handling={open?.handling ?? false} onClose={() => setOpen(null)} />
      <LaunchDialog open={launching} onClose={() => setLaunching(false)} />
    </div>
  );
}
