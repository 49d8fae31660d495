import { type Project, PROJECT_ENDPOINTS as E, PROJECT_PERMISSIONS as P, projectSubmit } from '@macro/contract/projects';
import { Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import { useSaveRecord } from '../../components/crud/crudCache';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

type Search = { projectName?: string; projectCode?: string };
type Values = Omit<Project, 'id' | 'roleCount' | 'createTime'>;
type Dialog = { mode: FormMode; record?: Project };

const lists = [E.page];
const detail = { endpoint: E.detail, input: (id: number) => ({ query: { id: String(id) } }) };
const EMPTY: Values = { projectName: '', projectCode: '', manager: '', startDate: '', endDate: '', status: 1, sort: 1, remark: '' };

function ProjectDialog({ state: current, onClose }: { state: Dialog | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const [state] = useState(current);
  const submit = useSaveRecord(E.submit, { detail, lists });
  const initialValues = useMemo<Values>(() => {
    if (!state?.record) return EMPTY;
    const { id: _id, roleCount: _roles, createTime: _created, ...values } = state.record;
    return values;
  }, [state]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'projectName', label: t('field.projectName') },
    { name: 'projectCode', label: t('field.projectCode'), disabled: state.mode === 'edit' },
    { name: 'manager', label: t('field.manager') },
    { name: 'status', label: t('field.status'), optionLabel: (value) => t(value === 1 ? 'status.running' : 'status.closed') },
    { name: 'startDate', label: t('field.startDate'), placeholder: 'YYYY-MM-DD' },
    { name: 'endDate', label: t('field.endDate'), placeholder: 'YYYY-MM-DD' },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), span: 24 },
  ];
  const save = (values: Values) =>
    submit.mutateAsync({
      body: {
        ...(state.record ? { id: state.record.id } : {}),
        ...values,
        projectName: values.projectName.trim(),
        projectCode: values.projectCode.trim(),
        manager: values.manager?.trim() ?? '',
        startDate: values.startDate?.trim() ?? '',
        endDate: values.endDate?.trim() ?? '',
        status: values.status === 0 ? 0 : 1,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<Values>
      name="project"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={projectSubmit}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}

export function ProjectPage() {
  const { t } = useTranslation('projects');
  const list = useCrudList<typeof E.page, Search>(E.page);
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<Dialog>();
  const confirmRemove = useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: Project) => row.projectName,
    messages: { one: 'projects:remove.one', many: 'projects:remove.many' },
    lists,
    testId: 'project-remove-confirm',
  });
  const columns: ColumnsType<Project> = [
    { dataIndex: 'projectCode', title: t('field.projectCode'), width: 140 },
    { dataIndex: 'projectName', title: t('field.projectName'), ellipsis: true },
    { dataIndex: 'manager', title: t('field.manager'), width: 120 },
    { key: 'period', title: t('field.period'), width: 210, render: (_, p) => (p.startDate || p.endDate ? `${p.startDate || '…'} ~ ${p.endDate || '…'}` : '') },
    {
      dataIndex: 'status',
      title: t('field.status'),
      width: 100,
      render: (status: number) => <Badge status={status === 1 ? 'processing' : 'default'} text={t(status === 1 ? 'status.running' : 'status.closed')} />,
    },
    { dataIndex: 'roleCount', title: t('field.roleCount'), width: 90, align: 'right' },
  ];
  const rowActions: RowAction<Project>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="project-page">
      <CrudList<Project, Search>
        testId="project"
        title={t('title')}
        list={list}
        search={[
          { name: 'projectName', label: t('field.projectName'), placeholder: t('search.namePlaceholder') },
          { name: 'projectCode', label: t('field.projectCode'), placeholder: t('search.codePlaceholder') },
        ]}
        columns={columns}
        rowLabel={(row) => row.projectName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={1000}
      />
      <ProjectDialog key={dialogKey} state={dialog} onClose={closeDialog} />
    </div>
  );
}
