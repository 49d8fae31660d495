import { type ModuleRecord, moduleBody } from '@macro/contract/modules';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PairListInput } from '../../components/crud/PairListInput';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useCreateModule, useSubsystems, useUpdateModule } from './api';

export interface ModuleDialogState {
  mode: FormMode;
  record?: ModuleRecord;
}

interface ModuleFormValues {
  name: string;
  code: string;
  path: string;
  source: string;
  sort: number;
  subsystemId: number;
  buttons: { code: string; name: string }[];
  forms: { field: string; label: string }[];
  columns: { field: string; label: string }[];
}

const valuesOf = (row?: ModuleRecord): ModuleFormValues =>
  row
    ? {
        name: row.name,
        code: row.code,
        path: row.path,
        source: row.source,
        sort: row.sort,
        subsystemId: row.subsystemId,
        buttons: row.buttons.map(({ code, name }) => ({ code, name })),
        forms: row.forms,
        columns: row.columns,
      }
    : { name: '', code: '', path: '', source: '', sort: 1, subsystemId: 0, buttons: [], forms: [], columns: [] };

/** Create, edit or view a module: a menu entry with its buttons (permission codes), form fields and list columns. */
export function ModuleDialog({ state: current, onClose }: { state: ModuleDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('modules');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateModule();
  const update = useUpdateModule();
  const subsystems = useSubsystems();
  if (!state) return null;
  const pairs =
    (keys: ['code', 'name'] | ['field', 'label'], placeholders: [string, string]) =>
    ({ id, disabled, testId }: { id?: string; disabled: boolean; testId: string }) => (
      <PairListInput id={id} keys={keys} placeholders={placeholders} disabled={disabled} testId={testId} />
    );
  const fields: SchemaField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'path', label: t('field.path'), placeholder: t('form.pathPlaceholder') },
    {
      name: 'subsystemId',
      label: t('field.subsystem'),
      render: ({ disabled, testId }) => (
        <Select
          disabled={disabled}
          data-testid={testId}
          options={[{ value: 0, label: t('form.noSubsystem') }, ...(subsystems.data ?? []).map((s) => ({ value: s.id, label: s.name }))]}
        />
      ),
    },
    { name: 'source', label: t('field.icon'), placeholder: t('form.iconPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'buttons', label: t('field.buttons'), span: 24, render: pairs(['code', 'name'], [t('form.buttonCode'), t('form.buttonName')]) },
    { name: 'forms', label: t('field.forms'), span: 24, render: pairs(['field', 'label'], [t('form.fieldCode'), t('form.fieldLabel')]) },
    { name: 'columns', label: t('field.columns'), span: 24, render: pairs(['field', 'label'], [t('form.fieldCode'), t('form.fieldLabel')]) },
  ];
  const save = (values: ModuleFormValues) => {
    const body = { ...values, parentId: record?.parentId ?? 0 };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<ModuleFormValues>
      name="module"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.module.${state.mode}`)}
      schema={moduleBody}
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
