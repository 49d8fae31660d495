import { type DataSource, type DataSourceParameter, dataSourceSubmit } from '@macro/contract/datasources';
import { Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useDataSourceDetail, useLinkChoices, useSubmitDataSource } from './api';
import { ParametersInput } from './ParametersInput';
import { PreviewButton } from './PreviewButton';

export interface DataSourceDialogState {
  mode: FormMode;
  record?: DataSource;
}

export interface DataSourceFormValues {
  name: string;
  linkId?: number;
  sql: string;
  parameters: DataSourceParameter[];
  idColumn: string;
  parentColumn: string;
  sort?: number;
  remark: string;
}

const EMPTY: DataSourceFormValues = { name: '', sql: '', parameters: [], idColumn: '', parentColumn: '', sort: 1, remark: '' };
const valuesOf = (record?: DataSource): DataSourceFormValues =>
  record
    ? {
        name: record.name,
        linkId: record.linkId,
        sql: record.sql,
        parameters: record.parameters,
        idColumn: record.idColumn,
        parentColumn: record.parentColumn,
        sort: record.sort,
        remark: record.remark,
      }
    : EMPTY;

const bodyOf = (values: DataSourceFormValues) => ({
  name: values.name?.trim() ?? '',
  linkId: values.linkId ?? 0,
  sql: values.sql ?? '',
  parameters: (values.parameters ?? []).map((p) => ({ ...p, label: p.label?.trim() ?? '', defaultValue: p.defaultValue ?? '' })),
  idColumn: values.idColumn?.trim() ?? '',
  parentColumn: values.parentColumn?.trim() ?? '',
  sort: values.sort ?? 1,
  remark: values.remark?.trim() ?? '',
});

/** Create, edit or view a data source; its query can be tried before it is kept. */
export function DataSourceDialog({ state: current, onClose }: { state: DataSourceDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('datasources');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitDataSource();
  const detail = useDataSourceDetail(current ? record?.id : undefined);
  const links = useLinkChoices();
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    {
      name: 'linkId',
      label: t('field.link'),
      render: ({ disabled, testId }) => (
        <Select
          disabled={disabled}
          data-testid={testId}
          placeholder={t('form.linkPlaceholder')}
          loading={links.isLoading}
          options={(links.data?.records ?? []).map((link) => ({ value: link.id, label: `${link.name} (${link.kind})` }))}
        />
      ),
    },
    {
      name: 'sql',
      label: t('field.sql'),
      span: 24,
      render: ({ disabled, testId }) => (
        <Input.TextArea
          disabled={disabled}
          data-testid={testId}
          rows={7}
          spellCheck={false}
          className="data-source-sql"
          placeholder={t('form.sqlPlaceholder')}
        />
      ),
    },
    { name: 'parameters', label: t('field.parameters'), span: 24, render: ({ disabled, testId }) => <ParametersInput disabled={disabled} testId={testId} /> },
    { name: 'idColumn', label: t('field.idColumn'), placeholder: t('form.idColumnPlaceholder') },
    { name: 'parentColumn', label: t('field.parentColumn'), placeholder: t('form.parentColumnPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  return (
    <SchemaDialog<DataSourceFormValues>
      name="data-source"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={dataSourceSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={(values) => submit.mutateAsync({ body: { ...(record ? { id: record.id } : {}), ...bodyOf(values) } })}
      onClose={onClose}
      submit={submit}
      extraFooter={(form) => <PreviewButton input={() => bodyOf(form.getFieldsValue(true) as DataSourceFormValues)} />}
    />
  );
}
