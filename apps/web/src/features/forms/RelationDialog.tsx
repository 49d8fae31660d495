import { bindFieldsOf, type FormRelation, formRelationInput } from '@macro/contract/forms';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useBindableForms, useCreateRelation, useFormInfo, useUpdateRelation } from './api';

export interface RelationDialogState {
  mode: FormMode;
  record?: FormRelation;
}

interface RelationValues {
  name: string;
  schemeId?: number;
  columns: string[];
  description: string;
}

const valuesOf = (relation?: FormRelation): RelationValues =>
  relation
    ? { name: relation.name, schemeId: relation.schemeId, columns: relation.columns, description: relation.description }
    : { name: '', schemeId: undefined, columns: [], description: '' };

/** What the field's Form.Item gives its input, besides the widget's own props. */
interface ChoiceProps<T> {
  /** The field's id, which its label points at. */
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
}

/** The enabled forms to list. */
function FormChoice({ id, value, onChange, disabled, placeholder, testId }: ChoiceProps<number>) {
  const forms = useBindableForms();
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      options={(forms.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
      data-testid={testId}
    />
  );
}

/** The chosen form's fields, in layout order, to show as columns. */
function ColumnChoice({ id, value, onChange, disabled, placeholder, testId }: ChoiceProps<string[]>) {
  const schemeId = Form.useWatch('schemeId', Form.useFormInstance()) as number | undefined;
  const info = useFormInfo(schemeId);
  const fields = info.data ? bindFieldsOf(info.data.document) : [];
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      disabled={disabled || schemeId === undefined}
      placeholder={placeholder}
      options={fields.map((f) => ({ value: f.name, label: f.title }))}
      data-testid={testId}
    />
  );
}

/** Create, edit or view a list page over a form: its name, the form and the fields shown as columns. */
export function RelationDialog({ state: current, onClose }: { state: RelationDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateRelation();
  const update = useUpdateRelation();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'name', label: t('relations.name'), placeholder: t('relations.namePlaceholder') },
    { name: 'schemeId', label: t('relations.form'), placeholder: t('relations.formPlaceholder'), render: (w) => <FormChoice {...w} /> },
    { name: 'columns', label: t('relations.columns'), placeholder: t('relations.columnsPlaceholder'), span: 24, render: (w) => <ColumnChoice {...w} /> },
    { name: 'description', label: t('field.description'), placeholder: t('form.descriptionPlaceholder'), span: 24 },
  ];
  const save = (values: RelationValues) => {
    const body = { name: values.name.trim(), schemeId: values.schemeId ?? 0, columns: values.columns ?? [], description: values.description?.trim() ?? '' };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<RelationValues>
      name="relation"
      open={current !== null}
      mode={state.mode}
      title={t(`relations.dialog.${state.mode}`)}
      schema={formRelationInput}
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
