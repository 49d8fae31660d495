import { CODE_RULE_TIME_ZONE, type CodeRule, type CodeRulePart, codeRuleCreate } from '@macro/contract/coderules';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useCreateCodeRule, useUpdateCodeRule } from './api';
import { PartsInput } from './PartsInput';

export interface CodeRuleDialogState {
  mode: FormMode;
  record?: CodeRule;
}

interface CodeRuleFormValues {
  code: string;
  name: string;
  parts: CodeRulePart[];
  timeZone: string;
  sort?: number;
  remark: string;
}

/** A new rule starts as the commonest kind of number: a prefix, the day and a daily sequence. */
const EMPTY: CodeRuleFormValues = {
  code: '',
  name: '',
  parts: [
    { kind: 'text', value: 'NO' },
    { kind: 'date', format: 'yyyyMMdd' },
    { kind: 'sequence', width: 4, start: 1, step: 1, reset: 'daily' },
  ],
  timeZone: CODE_RULE_TIME_ZONE,
  sort: 1,
  remark: '',
};
const valuesOf = (record?: CodeRule): CodeRuleFormValues =>
  record ? { code: record.code, name: record.name, parts: record.parts, timeZone: record.timeZone, sort: record.sort, remark: record.remark } : EMPTY;

/** The zones this browser knows, the default first. */
function timeZones(): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [CODE_RULE_TIME_ZONE, ...known.filter((zone) => zone !== CODE_RULE_TIME_ZONE)];
}

/** Create, edit or view a code rule; the number its parts make is previewed as they change. */
export function CodeRuleDialog({ state: current, onClose }: { state: CodeRuleDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('coderules');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateCodeRule();
  const update = useUpdateCodeRule();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'parts', label: t('field.parts'), span: 24, render: ({ disabled, testId }) => <PartsInput disabled={disabled} testId={testId} /> },
    {
      name: 'timeZone',
      label: t('field.timeZone'),
      render: ({ disabled, testId }) => (
        <Select showSearch disabled={disabled} data-testid={testId} options={timeZones().map((zone) => ({ value: zone, label: zone }))} />
      ),
    },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: CodeRuleFormValues) => {
    const body = {
      code: values.code.trim(),
      name: values.name.trim(),
      parts: values.parts,
      timeZone: values.timeZone,
      sort: values.sort ?? 1,
      remark: values.remark?.trim() ?? '',
    };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<CodeRuleFormValues>
      name="code-rule"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={codeRuleCreate}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      submit={record ? update : create}
    />
  );
}
