import { type Param, paramBody } from '@macro/contract/params';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCreateParam, useUpdateParam } from './api';

export interface ParamDialogState {
  mode: FormMode;
  record?: Param;
}

interface ParamFormValues {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}

const valuesOf = (row?: Param): ParamFormValues =>
  row
    ? { paramName: row.paramName, paramKey: row.paramKey, paramValue: row.paramValue, remark: row.remark }
    : { paramName: '', paramKey: '', paramValue: '', remark: '' };

/** Create, edit or view a parameter: name, key and value, all required. */
export function ParamDialog({ state: current, onClose }: { state: ParamDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('params');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateParam();
  const update = useUpdateParam();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'paramName', label: t('field.paramName'), placeholder: t('form.namePlaceholder') },
    { name: 'paramKey', label: t('field.paramKey'), placeholder: t('form.keyPlaceholder') },
    { name: 'paramValue', label: t('field.paramValue'), placeholder: t('form.valuePlaceholder'), span: 24, kind: 'textarea' },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: ParamFormValues) => {
    const body = {
      paramName: values.paramName.trim(),
      paramKey: values.paramKey.trim(),
      paramValue: values.paramValue.trim(),
      remark: values.remark?.trim() ?? '',
    };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<ParamFormValues>
      name="param"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={paramBody}
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
