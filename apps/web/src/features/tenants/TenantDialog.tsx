import { TENANT_PACKAGE_ENDPOINTS, type TenantRecord, tenantCreate, tenantUpdate } from '@macro/contract/tenants';
import { App, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMode } from '../../components/crud/SchemaForm';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { SchemaField, WidgetProps } from '../../components/crud/SchemaForm';
import { useEndpointQuery } from '../../api/endpoint';
import { useCreateTenant, useUpdateTenant } from './api';

export interface TenantDialogState {
  mode: FormMode;
  record?: TenantRecord;
}

interface TenantFormValues {
  tenantId?: string;
  adminAccount?: string;
  tenantName: string;
  linkman: string;
  contactNumber: string;
  address: string;
  domain: string;
  accountNumber: number;
  expireTime: string;
  packageId?: number;
  remark: string;
}

/** The packages to choose from; empty means every menu. */
function PackageSelect({ widget, id, value, onChange }: { widget: WidgetProps; id?: string; value?: number; onChange?: (v?: number) => void }) {
  const { t } = useTranslation('tenants');
  const packages = useEndpointQuery(TENANT_PACKAGE_ENDPOINTS.list, { query: { size: '500' } });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      disabled={widget.disabled}
      placeholder={t('package.none')}
      loading={packages.isFetching}
      options={(packages.data?.records ?? []).map((p) => ({ value: p.id, label: p.packageName }))}
      data-testid={widget.testId}
    />
  );
}

const EMPTY: TenantFormValues = {
  tenantId: '',
  adminAccount: 'admin',
  tenantName: '',
  linkman: '',
  contactNumber: '',
  address: '',
  domain: '',
  accountNumber: -1,
  expireTime: '',
  remark: '',
};

const valuesOf = (record?: TenantRecord): TenantFormValues =>
  record
    ? {
        tenantId: record.tenantId,
        tenantName: record.tenantName,
        linkman: record.linkman,
        contactNumber: record.contactNumber,
        address: record.address,
        domain: record.domain,
        accountNumber: record.accountNumber,
        expireTime: record.expireTime,
        packageId: record.packageId ?? undefined,
        remark: record.remark,
      }
    : EMPTY;

/** Create, edit or view a tenant; a created tenant's administrator password is shown once. */
export function TenantDialog({ state: current, onClose }: { state: TenantDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const { modal } = App.useApp();
  const [state] = useState(current);
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const initialValues = useMemo(() => valuesOf(state?.record), [state]);
  if (!state) return null;
  const creating = state.mode === 'create';

  const fields: SchemaField[] = [
    ...(creating
      ? [
          { name: 'tenantId', label: t('field.tenantId'), placeholder: t('form.codePlaceholder') },
          { name: 'adminAccount', label: t('field.adminAccount') },
        ]
      : [{ name: 'tenantId', label: t('field.tenantId'), disabled: true, validate: false }]),
    { name: 'tenantName', label: t('field.tenantName'), placeholder: t('form.namePlaceholder') },
    { name: 'linkman', label: t('field.linkman') },
    { name: 'contactNumber', label: t('field.contactNumber') },
    { name: 'accountNumber', label: t('field.accountNumber'), placeholder: t('form.accountNumberHint') },
    { name: 'expireTime', label: t('field.expireTime'), placeholder: 'YYYY-MM-DD' },
    { name: 'domain', label: t('field.domain') },
    { name: 'packageId', label: t('package.field'), render: (widget) => <PackageSelect widget={widget} /> },
    { name: 'address', label: t('field.address'), span: 24 },
    { name: 'remark', label: t('field.remark'), span: 24 },
  ];

  const save = async (values: TenantFormValues) => {
    const common = {
      tenantName: values.tenantName.trim(),
      linkman: values.linkman?.trim() ?? '',
      contactNumber: values.contactNumber?.trim() ?? '',
      address: values.address?.trim() ?? '',
      domain: values.domain?.trim() ?? '',
      accountNumber: values.accountNumber ?? -1,
      expireTime: values.expireTime?.trim() ?? '',
      packageId: values.packageId ?? null,
      remark: values.remark?.trim() ?? '',
    };
    if (!creating && state.record) return update.mutateAsync({ params: { id: String(state.record.id) }, body: common });
    const code = values.tenantId?.trim();
    const created = await create.mutateAsync({
      body: { ...common, ...(code ? { tenantId: code } : {}), adminAccount: values.adminAccount?.trim() || 'admin' },
    });
    modal.success({
      title: t('created.title', { name: created.tenantName }),
      content: (
        <div data-testid="tenant-created">
          <p>{t('created.code', { code: created.tenantId })}</p>
          <p>
            {t('created.password')}{' '}
            <Typography.Text code copyable data-testid="tenant-created-password">
              {created.adminPassword}
            </Typography.Text>
          </p>
          <p>{t('created.once')}</p>
        </div>
      ),
    });
    return created;
  };

  return (
    <SchemaDialog<TenantFormValues>
      name="tenant"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={creating ? tenantCreate : tenantUpdate.extend({ tenantId: tenantCreate.shape.tenantId })}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
    />
  );
}
