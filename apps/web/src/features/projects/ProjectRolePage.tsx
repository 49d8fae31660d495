import { PROJECT_ENDPOINTS, PROJECT_ROLE_ENDPOINTS as E, PROJECT_ROLE_PERMISSIONS as P, type ProjectRole, projectRoleSubmit } from '@macro/contract/projects';
import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import { useSaveRecord } from '../../components/crud/crudCache';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField, WidgetProps } from '../../components/crud/SchemaForm';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

type Search = { roleName?: string };
type Values = { projectId?: number; roleName: string; roleAlias: string; sort: number; remark: string };
type Dialog = { mode: FormMode; record?: ProjectRole };

const lists = [E.page];
const detail = { endpoint: E.detail, input: (id: number) => ({ query: { id: String(id) } }) };

/** The projects to choose from (the first 500 by sort). */
function useProjectOptions() {
  const projects = useEndpointQuery(PROJECT_ENDPOINTS.page, { query: { size: '500' } });
  return { loading: projects.isFetching, options: (projects.data?.records ?? []).map((p) => ({ value: p.id, label: p.projectName })) };
}

function ProjectSelect({ widget, id, value, onChange }: { widget: WidgetProps; id?: string; value?: number; onChange?: (v?: number) => void }) {
  const { loading, options } = useProjectOptions();
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      disabled={widget.disabled}
      placeholder={widget.placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={widget.testId}
    />
  );
}

function RoleDialog({ state: current, projectId, onClose }: { state: Dialog | null; projectId?: number; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const [state] = useState(current);
  const submit = useSaveRecord(E.submit, { detail, lists });
  const initialValues = useMemo<Values>(() => {
    const r = state?.record;
    return r
      ? { projectId: r.projectId, roleName: r.roleName, roleAlias: r.roleAlias, sort: r.sort, remark: r.remark }
      : { projectId, roleName: '', roleAlias: '', sort: 1, remark: '' };
  }, [state, projectId]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'projectId', label: t('role.project'), placeholder: t('role.projectPlaceholder'), span: 24, render: (widget) => <ProjectSelect widget={widget} /> },
    { name: 'roleName', label: t('role.roleName') },
    { name: 'roleAlias', label: t('role.roleAlias') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), span: 24 },
  ];
  const save = (values: Values) =>
    submit.mutateAsync({
      body: {
        ...(state.record ? { id: state.record.id } : {}),
        projectId: values.projectId ?? 0,
        roleName: values.roleName.trim(),
        roleAlias: values.roleAlias.trim(),
        sort: values.sort ?? 1,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<Values>
      name="project-role"
      open={current !== null}
      mode={state.mode}
      title={t(`role.dialog.${state.mode}`)}
      schema={projectRoleSubmit}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}

export function ProjectRolePage() {
  const { t } = useTranslation('projects');
  const [projectId, setProjectId] = useState<number | undefined>();
  const { loading, options } = useProjectOptions();
  const list = useCrudList<typeof E.page, Search>(E.page, { query: projectId ? { projectId } : {} });
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<Dialog>();
  const confirmRemove = useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: ProjectRole) => row.roleName,
    messages: { one: 'projects:role.remove.one', many: 'projects:role.remove.many' },
    lists,
    testId: 'project-role-remove-confirm',
  });
  const columns: ColumnsType<ProjectRole> = [
    { dataIndex: 'projectName', title: t('role.project'), ellipsis: true },
    { dataIndex: 'roleName', title: t('role.roleName'), ellipsis: true },
    { dataIndex: 'roleAlias', title: t('role.roleAlias'), width: 160 },
    { dataIndex: 'sort', title: t('field.sort'), width: 90, align: 'right' },
  ];
  const rowActions: RowAction<ProjectRole>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="project-role-page">
      <div style={{ marginBottom: 16 }}>
        <label htmlFor="project-role-filter" style={{ marginInlineEnd: 8 }}>
          {t('role.project')}
        </label>
        <Select
          id="project-role-filter"
          allowClear
          value={projectId}
          onChange={setProjectId}
          options={options}
          loading={loading}
          placeholder={t('role.allProjects')}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          data-testid="project-role-filter"
        />
      </div>
      <CrudList<ProjectRole, Search>
        key={projectId ?? 0}
        testId="project-role"
        title={t('role.title')}
        list={list}
        search={[{ name: 'roleName', label: t('role.roleName'), placeholder: t('role.namePlaceholder') }]}
        columns={columns}
        rowLabel={(row) => row.roleName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={800}
      />
      <RoleDialog key={dialogKey} state={dialog} projectId={projectId} onClose={closeDialog} />
    </div>
  );
}
