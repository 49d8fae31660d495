import { NOTICE_ENDPOINTS as E, NOTICE_PERMISSIONS as P, NOTICE_STATUS, type Notice } from '@macro/contract/notices';
import { App, Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { usePublishNotice, useRemoveNotice } from './api';
import { NoticeDialog, type NoticeDialogState } from './NoticeDialog';

interface NoticeSearch extends Record<string, string | undefined> {
  title?: string;
}

/** Notices, messages and mail of the tenant: written, published to everyone or one user, removed. */
export function NoticePage() {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const list = useCrudList<typeof E.page, NoticeSearch>(E.page);
  const confirmRemove = useRemoveNotice();
  const publish = usePublishNotice();
  const { dialog, dialogKey, open, close } = useKeyedDialog<NoticeDialogState>();
  const search: SearchField[] = [{ name: 'title', label: t('field.title'), placeholder: t('search.titlePlaceholder') }];
  const columns: ColumnsType<Notice> = [
    { dataIndex: 'title', title: t('field.title'), ellipsis: true },
    { dataIndex: 'category', title: t('field.category'), width: 96, render: (value: number) => t(`category.${value}`) },
    {
      dataIndex: 'recipientName',
      title: t('field.recipient'),
      width: 128,
      ellipsis: true,
      render: (name: string, row) => (row.recipientId ? name : t('everyone')),
    },
    {
      dataIndex: 'status',
      title: t('field.status'),
      width: 112,
      render: (value: number) => <Badge status={value === NOTICE_STATUS.published ? 'success' : 'default'} text={t(`status.${value}`)} />,
    },
    {
      dataIndex: 'publishTime',
      title: t('field.publishTime'),
      width: 168,
      render: (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    { dataIndex: 'readCount', title: t('field.readCount'), width: 96 },
  ];
  const rowActions: RowAction<Notice>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    {
      key: 'publish',
      label: t('action.publish'),
      permission: P.publish,
      show: (row) => row.status !== NOTICE_STATUS.published,
      onClick: (row) =>
        void publish.mutateAsync(row).then(
          () => message.success(t('done.published')),
          () => undefined,
        ),
    },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="notice-page">
      <CrudList<Notice, NoticeSearch>
        testId="notice"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.title}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={960}
      />
      <NoticeDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
