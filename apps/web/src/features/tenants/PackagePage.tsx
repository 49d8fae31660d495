import { TENANT_PACKAGE_ENDPOINTS as E, TENANT_PACKAGE_PERMISSIONS as P, type TenantPackage, tenantPackageSubmit } from '@macro/contract/tenants';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import { useSaveRecord } from '../../components/crud/crudCache';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';
import { useCrudList } from '../../components/crud/useCrudList';
import { MenuPicker } from './MenuPicker';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface PackageSearch extends Record<string, string | undefined> {
  packageName?: string;
}
interface PackageFormValues {
  packageName: string;
  menuIds: number[];
  remark: string;
}
type Dialog = { mode: FormMode; record?: TenantPackage };

const lists = [E.list];
const detail = { endpoint: E.detail, input: (id: number) => ({ query: { id: String(id) } }) };

function PackageDialog({ state: current, onClose }: { state: Dialog | null; onClose: () => void }) {
  const { t } = useTranslation('tenants');
  const [state] = useState(current);
  const submit = useSaveRecord(E.submit, { detail, lists });
  const initialValues = useMemo<PackageFormValues>(
    () => ({ packageName: state?.record?.packageName ?? '', menuIds: state?.record?.menuIds ?? [], remark: state?.record?.remark ?? '' }),
    [state],
  );
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'packageName', label: t('package.name'), placeholder: t('package.namePlaceholder'), span: 24 },
    {
      name: 'menuIds',
      label: t('package.menus'),
      span: 24,
      render: (widget) => <MenuPicker widget={{ ...widget, placeholder: t('package.menusPlaceholder') }} />,
    },
    { name: 'remark', label: t('field.remark'), span: 24 },
  ];
  const save = (values: PackageFormValues) =>
    submit.mutateAsync({
      body: {
        ...(state.record ? { id: state.record.id } : {}),
        packageName: values.packageName.trim(),
        menuIds: values.menuIds ?? [],
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<PackageFormValues>
      name="package"
      open={current !== null}
      mode={state.mode}
      title={t(`package.dialog.${state.mode}`)}
      schema={tenantPackageSubmit}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}

export function PackagePage() {
  const { t } = useTranslation('tenants');
  const list = useCrudList<typeof E.list, PackageSearch>(E.list);
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<Dialog>();
  const confirmRemove = useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: TenantPackage) => row.packageName,
    messages: { one: 'tenants:package.remove.one', many: 'tenants:package.remove.many' },
    lists,
    testId: 'package-remove-confirm',
  });
  const columns: ColumnsType<TenantPackage> = [
    { dataIndex: 'packageName', title: t('package.name'), ellipsis: true },
    { dataIndex: 'menuIds', title: t('package.menuCount'), width: 120, align: 'right', render: (ids: number[]) => ids.length },
    { dataIndex: 'tenantCount', title: t('package.tenantCount'), width: 120, align: 'right' },
    { dataIndex: 'remark', title: t('field.remark'), ellipsis: true },
  ];
  const rowActions: RowAction<TenantPackage>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="package-page">
      <CrudList<TenantPackage, PackageSearch>
        testId="package"
        title={t('package.title')}
        list={list}
        search={[{ name: 'packageName', label: t('package.name'), placeholder: t('package.namePlaceholder') }]}
        columns={columns}
        rowLabel={(row) => row.packageName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={800}
      />
      <PackageDialog key={dialogKey} state={dialog} onClose={closeDialog} />
    </div>
  );
}
