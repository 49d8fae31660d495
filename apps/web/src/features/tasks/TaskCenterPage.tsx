import { type InstanceRecord, type TaskRecord, WORKFLOW_PERMISSIONS as P, WORKFLOW_TASK_ENDPOINTS as T } from '@macro/contract/workflow';
import type { z } from 'zod';
import type { ccRecord, draftRecord } from '@macro/contract/workflow';
import { App, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type BaseRow, CrudList, type CrudListProps } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useDeleteDraft, useMarkRead, useRestore, useToRecycleBin, useWithdraw } from './api';
import { requestLink, taskLink } from './paths';
import { statusColour } from './RequestPage';
import './tasks.css';

// The start dialog loads the first time it is opened.
const LaunchDialog = lazy(() => import('./LaunchDialog').then((m) => ({ default: m.LaunchDialog })));

interface KeywordSearch extends Record<string, string | undefined> {
  keyword?: string;
}

type Draft = z.infer<typeof draftRecord>;
type Circulation = z.infer<typeof ccRecord>;

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** My tasks: to-do, done, what I started, drafts, the recycle bin and my circulations; start a new one from a template. */
export function TaskCenterPage() {
  const { t } = useTranslation('tasks');
  const { modal, message } = App.useApp();
  const todo = useCrudList<typeof T.todo, KeywordSearch>(T.todo);
  const done = useCrudList<typeof T.done, KeywordSearch>(T.done);
  const started = useCrudList<typeof T.started, KeywordSearch>(T.started);
  const bin = useCrudList<typeof T.recycleBin, KeywordSearch>(T.recycleBin);
  const drafts = useCrudList<typeof T.drafts, KeywordSearch>(T.drafts);
  const circulations = useCrudList<typeof T.circulations, KeywordSearch>(T.circulations);
  const withdraw = useWithdraw();
  const toBin = useToRecycleBin();
  const restore = useRestore();
  const deleteDraft = useDeleteDraft();
  const markRead = useMarkRead();
  /** Runs a one-step action on a row and says it is done (the failure toast comes from the query client). */
  const act = (run: Promise<unknown>, done: string) => void run.then(() => message.success(t(done))).catch(() => undefined);
  const navigate = useNavigate();
  const openTask = (task: TaskRecord) => navigate(taskLink(task.taskId));
  const openRequest = (row: { processInstanceId: number }) => navigate(requestLink(row.processInstanceId));
  const launch = useOpenedOnce();

  const search: SearchField[] = [{ name: 'keyword', label: t('field.keyword'), placeholder: t('search.keywordPlaceholder') }];
  const statusTag = (status: string) => <Tag color={statusColour(status)}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
  const names = (list: string[]) => list.join(t('candidateSeparator'));
  /** The to-do list names the node a task waits at; the done list the node the user handled. */
  const taskColumns = (nodeTitle: 'field.node' | 'field.nodeHandled'): ColumnsType<TaskRecord> => [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'nodeName', title: t(nodeTitle), ellipsis: true },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: statusTag },
    { dataIndex: 'createTime', title: t('field.createTime'), width: 170, render: when },
    {
      dataIndex: 'dueTime',
      title: t('field.dueTime'),
      width: 190,
      // Past due and still open: overdue (the node's due time, spec'd by the template).
      render: (due: string | null, task) =>
        due ? (
          <>
            {when(due)} {task.state === 'open' && Date.parse(due) < Date.now() ? <Tag color="red">{t('overdue')}</Tag> : null}
          </>
        ) : (
          '—'
        ),
    },
  ];
  const instanceColumns: ColumnsType<InstanceRecord> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'name', title: t('field.template'), ellipsis: true },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: statusTag },
    { dataIndex: 'currentNodes', title: t('field.currentNodes'), ellipsis: true, render: names },
    { dataIndex: 'currentApprovers', title: t('field.currentApprovers'), ellipsis: true, render: names },
    { dataIndex: 'startTime', title: t('field.startTime'), width: 170, render: when },
    { dataIndex: 'endTime', title: t('field.endTime'), width: 170, render: when },
  ];

  /** Withdrawing what I submitted takes it back to the start node: asked twice. */
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

  const draftColumns: ColumnsType<Draft> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'code', title: t('field.template'), width: 160 },
    { dataIndex: 'updateTime', title: t('field.updateTime'), width: 170, render: when },
  ];
  const ccColumns: ColumnsType<Circulation> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    {
      dataIndex: 'read',
      title: t('field.read'),
      width: 110,
      render: (read: boolean) => <Tag color={read ? 'default' : 'blue'}>{t(read ? 'cc.read' : 'cc.unread')}</Tag>,
    },
    { dataIndex: 'createTime', title: t('field.sentTime'), width: 170, render: when },
  ];

  /** One tab: the list of its name, each row named by its title, searched by keyword unless `searchable` is false. */
  const tab = <Row extends BaseRow & { title: string }>(
    key: string,
    props: Omit<CrudListProps<Row, KeywordSearch>, 'testId' | 'title' | 'rowLabel' | 'search'>,
    searchable = true,
  ) => ({
    key,
    label: t(`tab.${key}`),
    children: (
      <CrudList<Row, KeywordSearch> testId={key} title={t(`tab.${key}`)} rowLabel={(row) => row.title} search={searchable ? search : undefined} {...props} />
    ),
  });
  const tabs = [
    tab<TaskRecord>('todo', {
      list: todo,
      columns: taskColumns('field.node'),
      toolbar: [{ key: 'launch', label: t('launch.action'), primary: true, permission: P.taskHandle, onClick: launch.show }],
      rowActions: [{ key: 'handle', label: t('action.handle'), permission: P.taskHandle, onClick: openTask }],
      scrollX: 760,
    }),
    tab<TaskRecord>('done', {
      list: done,
      columns: taskColumns('field.nodeHandled'),
      rowActions: [{ key: 'view', label: t('common:view'), onClick: openTask }],
      scrollX: 760,
    }),
    tab<InstanceRecord>('started', {
      list: started,
      columns: instanceColumns,
      rowActions: [
        { key: 'view', label: t('common:view'), onClick: openRequest },
        { key: 'withdraw', label: t('withdraw.action'), permission: P.taskHandle, show: (row) => row.state === 'running', onClick: confirmWithdraw },
        {
          key: 'bin',
          label: t('bin.action'),
          permission: P.taskHandle,
          show: (row) => row.state !== 'running',
          onClick: (row) => act(toBin.mutateAsync({ params: { id: String(row.processInstanceId) } }), 'bin.done'),
        },
      ],
      scrollX: 1120,
    }),
    tab<Draft>('drafts', {
      list: drafts,
      columns: draftColumns,
      rowActions: [
        {
          key: 'delete',
          label: t('common:delete'),
          danger: true,
          permission: P.taskHandle,
          onClick: (row) => act(deleteDraft.mutateAsync({ params: { id: String(row.id) } }), 'draft.deleted'),
        },
      ],
      scrollX: 640,
    }),
    tab<InstanceRecord>(
      'bin',
      {
        list: bin,
        columns: instanceColumns,
        rowActions: [
          {
            key: 'restore',
            label: t('bin.restore'),
            permission: P.taskHandle,
            onClick: (row) => act(restore.mutateAsync({ params: { id: String(row.processInstanceId) } }), 'bin.restored'),
          },
        ],
        scrollX: 1120,
      },
      false,
    ),
    tab<Circulation>('circulations', {
      list: circulations,
      columns: ccColumns,
      rowActions: [
        { key: 'view', label: t('common:view'), onClick: openRequest },
        {
          key: 'read',
          label: t('cc.markRead'),
          show: (row) => !row.read,
          onClick: (row) => act(markRead.mutateAsync({ params: { id: String(row.id) } }), 'cc.marked'),
        },
      ],
      scrollX: 700,
    }),
  ];

  return (
    <div className="task-center" data-testid="task-center">
      <Tabs items={tabs} destroyOnHidden={false} />
      {launch.mounted ? (
        <Suspense fallback={null}>
          <LaunchDialog open={launch.open} onClose={launch.hide} />
        </Suspense>
      ) : null}
    </div>
  );
}
