import { type LgType, lgTypeBody } from '@macro/contract/language';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCreateType, useUpdateType } from './api';

export interface TypeDialogState {
  mode: FormMode;
  record?: LgType;
}

interface TypeValues {
  code: string;
  name: string;
  sort?: number;
  enabled: boolean;
}

/** Adds or edits a language the console can be switched to. */
export function TypeDialog({ state: current, onClose }: { state: TypeDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('language');
  const [state] = useState(current);
  const create = useCreateType();
  const update = useUpdateType();
  const record = state?.record;
  const initialValues = useMemo<TypeValues>(
    () => (record ? { code: record.code, name: record.name, sort: record.sort, enabled: record.enabled } : { code: '', name: '', sort: 1, enabled: true }),
    [record],
  );
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder'), disabled: record?.builtIn },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'enabled', label: t('field.enabled'), disabled: record?.builtIn },
  ];
  const save = (values: TypeValues) => {
    const body = { code: values.code.trim(), name: values.name.trim(), sort: values.sort ?? 1, enabled: values.enabled };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<TypeValues>
      name="language-type"
      open={current !== null}
      mode={state.mode}
      title={t(`typeDialog.${state.mode}`)}
      schema={lgTypeBody}
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
