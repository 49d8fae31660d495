import { type LpMapEntry, lpMapBody } from '@macro/contract/language';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useLanguageTypes, useSaveTranslation } from './api';

export interface TranslationDialogState {
  mode: FormMode;
  record?: LpMapEntry;
}

interface TranslationValues {
  typeCode: string;
  ns: string;
  key: string;
  value: string;
}

/** Sets the text of one mark (namespace and key) in one language; saving replaces what was there. */
export function TranslationDialog({ state: current, onClose }: { state: TranslationDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('language');
  const [state] = useState(current);
  const save = useSaveTranslation();
  const types = useLanguageTypes();
  const record = state?.record;
  const initialValues = useMemo<TranslationValues>(
    () => (record ? { typeCode: record.typeCode, ns: record.ns, key: record.key, value: record.value } : { typeCode: 'zh', ns: 'menu', key: '', value: '' }),
    [record],
  );
  if (!state) return null;
  const editing = state.mode !== 'create';
  const fields: SchemaField[] = [
    {
      name: 'typeCode',
      label: t('field.typeCode'),
      disabled: editing,
      render: ({ disabled, testId }) => (
        <Select
          disabled={disabled}
          data-testid={testId}
          loading={types.isLoading}
          options={(types.data ?? []).map((type) => ({ value: type.code, label: `${type.name} (${type.code})` }))}
        />
      ),
    },
    { name: 'ns', label: t('field.ns'), placeholder: t('form.nsPlaceholder'), disabled: editing },
    { name: 'key', label: t('field.key'), placeholder: t('form.keyPlaceholder'), disabled: editing, span: 24 },
    { name: 'value', label: t('field.value'), placeholder: t('form.valuePlaceholder'), span: 24, kind: 'textarea' },
  ];
  const submit = (values: TranslationValues) =>
    save.mutateAsync({ body: { typeCode: values.typeCode, ns: values.ns.trim(), key: values.key.trim(), value: values.value.trim() } });
  return (
    <SchemaDialog<TranslationValues>
      name="translation"
      open={current !== null}
      mode={state.mode}
      title={t(`mapDialog.${state.mode}`)}
      schema={lpMapBody}
      fields={fields}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      afterClose={() => save.reset()}
    />
  );
}
