import { ROLE_ROOT, type RoleRecord, roleSubmit } from '@macro/contract/roles';
import { TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useParentTree, useRoleDetail, useSubmitRole } from './api';

export interface RoleDialogState {
  mode: FormMode;
  record?: RoleRecord;
  /** For a new sub-role: the role it goes under. */
  parent?: Pick<RoleRecord, 'id' | 'roleName'>;
}

interface RoleFormValues {
  parentId?: number;
  roleName: string;
  roleAlias: string;
  sort: number | null;
  remark: string;
}

function valuesOf(state: RoleDialogState, role?: RoleRecord): RoleFormValues {
  if (role) return { parentId: role.parentId || undefined, roleName: role.roleName, roleAlias: role.roleAlias, sort: role.sort, remark: role.remark };
  return { parentId: state.parent?.id, roleName: '', roleAlias: '', sort: 1, remark: '' };
}

/** The parent picker offers only where the role may go (never under itself or its descendants). */
function ParentPicker({
  roleId,
  id,
  value,
  onChange,
  disabled,
  testId,
}: {
  roleId?: number;
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled: boolean;
  testId: string;
}) {
  const tree = useParentTree(roleId);
  return (
    <TreeSelect id={id} value={value} onChange={onChange} treeData={tree.data ?? []} treeDefaultExpandAll allowClear disabled={disabled} data-testid={testId} />
  );
}

export function RoleDialog({ state: current, onClose }: { state: RoleDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const [state] = useState(current);
  const submit = useSubmitRole();
  const record = state?.record;
  const detail = useRoleDetail(current ? record?.id : undefined);
  const initialValues = useMemo(() => (state ? valuesOf(state, record) : valuesOf({ mode: 'create' })), [state, record]);
  const loadedValues = useMemo(() => (state && detail.data ? valuesOf(state, detail.data) : undefined), [state, detail.data]);
  if (!state) return null;
  const mode = state.mode;
  const fields: SchemaField[] = [
    {
      name: 'parentId',
      label: t('field.parent'),
      validate: false,
      render: (w) => <ParentPicker roleId={record?.id} disabled={w.disabled} testId={w.testId} />,
    },
    { name: 'roleName', label: t('field.roleName'), placeholder: t('form.namePlaceholder') },
    { name: 'roleAlias', label: t('field.roleAlias'), placeholder: t('form.aliasPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: RoleFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        parentId: values.parentId ?? ROLE_ROOT,
        roleName: values.roleName.trim(),
        roleAlias: values.roleAlias.trim(),
        sort: values.sort ?? 1,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<RoleFormValues>
      name="role"
      open={current !== null}
      mode={mode}
      title={t(`dialog.${mode}`)}
      schema={roleSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
