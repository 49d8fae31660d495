import { TENANT_ENDPOINTS as E, TENANT_PERMISSIONS as P, type TenantRecord } from '@macro/contract/tenants';
import { App, Badge, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../api/endpoint';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import { cacheRemovedRecords, useSaveRecord } from '../../components/crud/crudCache';
import { useCrudList } from '../../components/crud/useCrudList';

const lists = [E.users];

type TenantUserRow = { id: number; account: string; name: string; status: number; createTime: string };

/** A tenant's users, as the platform administrator manages them: add, disable or enable, remove. */
export function TenantUsers({ tenant, onClose }: { tenant: TenantRecord | null; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ account: string; name: string }>();
  const list = useCrudList<typeof E.users>(E.users, { params: { id: String(tenant?.id ?? 0) }, enabled: tenant !== null });
  const client = useQueryClient();
  const create = useSaveRecord(E.userCreate, { lists });
  const change = useSaveRecord(E.userChange, { lists });
  const remove = useEndpointMutation(E.userRemove, {
    onSuccess: (_, input) => cacheRemovedRecords(client, [Number(input.params.id)], { lists }),
  });
  if (!tenant) return null;
  const code = tenant.tenantId;

  const add = async () => {
    const values = await form.validateFields();
    const created = await create.mutateAsync({ body: { tenantId: code, account: values.account.trim(), name: values.name.trim() } });
    form.resetFields();
    modal.success({
      title: t('users.created', { account: created.account }),
      content: (
        <p>
          {t('created.password')}{' '}
          <Typography.Text code copyable data-testid="tenant-user-password">
            {created.password}
          </Typography.Text>
        </p>
      ),
    });
  };
  const columns: ColumnsType<TenantUserRow> = [
    { dataIndex: 'account', title: t('users.account') },
    { dataIndex: 'name', title: t('users.name') },
    {
      dataIndex: 'status',
      title: t('field.status'),
      width: 90,
      render: (status: number) => <Badge status={status === 1 ? 'success' : 'default'} text={status === 1 ? t('status.enabled') : t('users.disabled')} />,
    },
  ];
  const rowActions: RowAction<TenantUserRow>[] = [
    {
      key: 'toggle',
      label: t('users.toggle'),
      permission: P.users,
      onClick: (user) => change.mutate({ params: { id: String(user.id) }, body: { tenantId: code, status: user.status === 1 ? 0 : 1 } }),
    },
    {
      key: 'delete',
      label: t('common:delete'),
      permission: P.users,
      danger: true,
      onClick: (user) =>
        modal.confirm({
          title: t('users.removeQuestion', { account: user.account }),
          okButtonProps: { danger: true },
          onOk: () => remove.mutateAsync({ params: { id: String(user.id) }, query: { tenantId: code } }),
        }),
    },
  ];
  return (
    <Drawer open title={t('users.title', { name: tenant.tenantName })} width={720} onClose={onClose} data-testid="tenant-users">
      <Form form={form} layout="inline" name="tenant-user-add" style={{ marginBottom: 16 }}>
        <Form.Item name="account" label={t('users.account')} rules={[{ required: true, whitespace: true, message: t('users.accountRequired') }]}>
          <Input data-testid="tenant-user-account" />
        </Form.Item>
        <Form.Item name="name" label={t('users.name')} rules={[{ required: true, whitespace: true, message: t('users.nameRequired') }]}>
          <Input data-testid="tenant-user-name" />
        </Form.Item>
        <Space>
          <Button type="primary" onClick={() => void add().catch(() => undefined)} loading={create.isPending} data-testid="tenant-user-add">
            {t('common:add')}
          </Button>
        </Space>
      </Form>
      <CrudList<TenantUserRow>
        testId="tenant-user"
        title={t('users.list')}
        list={list}
        columns={columns}
        rowLabel={(row) => row.account}
        rowActions={rowActions}
      />
    </Drawer>
  );
}
