import { CONSUMER_ENDPOINTS as E, CONSUMER_PERMISSIONS as P, CONSUMER_STATUS, type Consumer } from '@macro/contract/consumers';
import { App, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useHasPermission } from '../../session/store';
import { useRemoveConsumers, useSetConsumerStatus } from './api';
import { ConsumerDialog, type ConsumerDialogState } from './ConsumerDialog';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface ConsumerSearch extends Record<string, string | undefined> {
  account?: string;
  name?: string;
  mobile?: string;
}

/** Enabled or disabled, switched at once (a consumer is not signed in to the console); a tag to those who may not. */
function ConsumerStatus({ consumer }: { consumer: Consumer }) {
  const { t } = useTranslation('consumers');
  const { message } = App.useApp();
  const allowed = useHasPermission(P.status);
  const setStatus = useSetConsumerStatus();
  const enabled = consumer.status === CONSUMER_STATUS.enabled;
  if (!allowed) return <Tag color={enabled ? 'green' : 'red'}>{t(`status.${consumer.status}`)}</Tag>;
  return (
    <Space size={4}>
      <Switch
        size="small"
        checked={enabled}
        loading={setStatus.isPending}
        aria-label={t('toggle.switchLabel', { name: consumer.account })}
        data-testid={`consumer-status-${consumer.account}`}
        onChange={(next) =>
          setStatus
            .mutateAsync({ ids: [consumer.id], status: next ? CONSUMER_STATUS.enabled : CONSUMER_STATUS.disabled })
            .then(() => message.success(t(next ? 'toggle.enabled' : 'toggle.disabled')))
            .catch(() => undefined)
        }
      />
      {enabled ? null : <Tag color="red">{t('status.0')}</Tag>}
    </Space>
  );
}

/** /controller/consumerManage: the platform's end users (members, customers) of the tenant. */
export function ConsumerPage() {
  const { t, i18n } = useTranslation('consumers');
  const list = useCrudList<typeof E.page, ConsumerSearch>(E.page);
  const confirmRemove = useRemoveConsumers();
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<ConsumerDialogState>();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const search: SearchField[] = [
    { name: 'account', label: t('field.account'), placeholder: t('search.accountPlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
    { name: 'mobile', label: t('field.mobile'), placeholder: t('search.mobilePlaceholder') },
  ];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const columns: ColumnsType<Consumer> = [
    { dataIndex: 'account', title: t('field.account'), ellipsis: true },
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'mobile', title: t('field.mobile'), width: 130 },
    { dataIndex: 'email', title: t('field.email'), ellipsis: true },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: (_: unknown, row: Consumer) => <ConsumerStatus consumer={row} /> },
    { dataIndex: 'createTime', title: t('field.createTime'), width: 170, render: (value: string) => when.format(new Date(value)) },
  ];
  const rowActions: RowAction<Consumer>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="consumer-page">
      <CrudList<Consumer, ConsumerSearch>
        testId="consumer"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.account}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={960}
      />
      <ConsumerDialog key={dialogKey} state={dialog} onClose={closeDialog} />
    </div>
  );
}
