import { TENANT_ENDPOINTS as E, TENANT_PERMISSIONS as P, TENANT_STATUS, type TenantRecord } from '@macro/contract/tenants';
import { App, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { usePermissionCheck } from '../../session/store';
import { useRemoveTenant, useTenantStatus } from './api';
import { TenantDialog, type TenantDialogState } from './TenantDialog';
import { TenantUsers } from './TenantUsers';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface TenantSearch extends Record<string, string | undefined> {
  tenantId?: string;
  tenantName?: string;
}

function StatusSwitch({ tenant }: { tenant: TenantRecord }) {
  const { t } = useTranslation('tenants');
  const { modal } = App.useApp();
  const allowed = usePermissionCheck()(P.status);
  const status = useTenantStatus();
  const enabled = tenant.status === TENANT_STATUS.enabled;
  const toggle = () =>
    modal.confirm({
      title: t(enabled ? 'status.suspendQuestion' : 'status.enableQuestion', { name: tenant.tenantName }),
      content: enabled ? t('status.suspendEffect') : undefined,
      okButtonProps: { danger: enabled },
      onOk: () => status.mutateAsync({ params: { id: String(tenant.id) }, body: { status: enabled ? TENANT_STATUS.suspended : TENANT_STATUS.enabled } }),
    });
  return (
    <Switch
      checked={enabled}
      disabled={!allowed}
      onChange={toggle}
      checkedChildren={t('status.enabled')}
      unCheckedChildren={t('status.suspended')}
      aria-label={t('status.label', { name: tenant.tenantName })}
      data-testid={`tenant-status-${tenant.tenantId}`}
    />
  );
}

export function TenantPage() {
  const { t } = useTranslation('tenants');
  const list = useCrudList<typeof E.list, TenantSearch>(E.list);
  const confirmRemove = useRemoveTenant();
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<TenantDialogState>();
  const [usersOf, setUsersOf] = useState<TenantRecord | null>(null);
  const search: SearchField[] = [
    { name: 'tenantId', label: t('field.tenantId'), placeholder: t('search.codePlaceholder') },
    { name: 'tenantName', label: t('field.tenantName'), placeholder: t('search.namePlaceholder') },
  ];
  const columns: ColumnsType<TenantRecord> = [
    { dataIndex: 'tenantId', title: t('field.tenantId'), width: 120, render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
    { dataIndex: 'tenantName', title: t('field.tenantName'), ellipsis: true },
    { dataIndex: 'linkman', title: t('field.linkman'), ellipsis: true },
    { dataIndex: 'contactNumber', title: t('field.contactNumber'), width: 140 },
    {
      dataIndex: 'accountNumber',
      title: t('field.accountNumber'),
      width: 110,
      align: 'right',
      render: (n: number) => (n < 0 ? t('unlimited') : n),
    },
    { dataIndex: 'expireTime', title: t('field.expireTime'), width: 120, render: (day: string) => day || t('never') },
    { dataIndex: 'status', title: t('field.status'), width: 110, render: (_: number, tenant) => <StatusSwitch tenant={tenant} /> },
  ];
  const rowActions: RowAction<TenantRecord>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'users', label: t('users.action'), permission: P.users, onClick: setUsersOf },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="tenant-page">
      <CrudList<TenantRecord, TenantSearch>
        testId="tenant"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.tenantName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={1100}
      />
      <TenantDialog key={dialogKey} state={dialog} onClose={closeDialog} />
      <TenantUsers key={usersOf?.id ?? 0} tenant={usersOf} onClose={() => setUsersOf(null)} />
    </div>
  );
}
