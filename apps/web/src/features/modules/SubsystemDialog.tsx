import { type Subsystem, subsystemBody } from '@macro/contract/modules';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useCreateSubsystem, useUpdateSubsystem } from './api';

export interface SubsystemDialogState {
  mode: FormMode;
  record?: Subsystem;
}

interface SubsystemFormValues {
  code: string;
  name: string;
  icon: string;
  sort: number;
  remark: string;
}

const valuesOf = (row?: Subsystem): SubsystemFormValues =>
  row ? { code: row.code, name: row.name, icon: row.icon, sort: row.sort, remark: row.remark } : { code: '', name: '', icon: '', sort: 1, remark: '' };

/** Create, edit or view a subsystem: what modules are grouped under (a home page per subsystem). */
export function SubsystemDialog({ state: current, onClose }: { state: SubsystemDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('modules');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateSubsystem();
  const update = useUpdateSubsystem();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'code', label: t('field.subsystemCode'), placeholder: t('form.codePlaceholder') },
    { name: 'name', label: t('field.subsystemName'), placeholder: t('form.subsystemNamePlaceholder') },
    { name: 'icon', label: t('field.icon'), placeholder: t('form.iconPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), span: 24, kind: 'textarea' },
  ];
  const save = (body: SubsystemFormValues) => (record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body }));
  return (
    <SchemaDialog<SubsystemFormValues>
      name="subsystem"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.subsystem.${state.mode}`)}
      schema={subsystemBody}
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
