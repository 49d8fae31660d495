import { APP_FUNCTION_SCHEME_ENDPOINTS as S, APP_PAGE_KINDS, type AppFunc, type AppPageKind, appFunctionPage } from '@macro/contract/authorize';
import { FORM_BINDING_ENDPOINTS as B, FORM_SCHEME_ENDPOINTS as F } from '@macro/contract/forms';
import { Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { SchemaField } from '../../components/crud/SchemaForm';

interface PageFormValues {
  pageKind: AppPageKind;
  formCode?: string;
  columns: string[];
  title: string;
}

const EMPTY: PageFormValues = { pageKind: 'link', columns: [], title: '' };

/** The fields of the chosen form a list page may show, in the form's order. */
function ColumnsInput(props: { id?: string; value?: string[]; onChange?: (value: string[]) => void; disabled?: boolean; testId: string }) {
  const { t } = useTranslation('authorize');
  const formCode: string | undefined = Form.useWatch('formCode', Form.useFormInstance());
  const fields = useEndpointQuery(F.bindFields, { query: { code: formCode ?? '' } }, { enabled: Boolean(formCode), retry: false });
  return (
    <Select
      id={props.id}
      mode="multiple"
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled || !formCode}
      loading={fields.isLoading}
      placeholder={t('page.columnsPlaceholder')}
      options={(fields.data ?? []).map((field) => ({ value: field.name, label: field.title }))}
      data-testid={props.testId}
    />
  );
}

/** What a mobile app function's page opens: a form, a list of a form's records, or its own address. */
export function AppPageDialog({ func, onClose }: { func: AppFunc | null; onClose: () => void }) {
  const { t } = useTranslation('authorize');
  const designs = useEndpointQuery(S.list, { query: { funcId: String(func?.id ?? 0) } }, { enabled: func !== null });
  const forms = useEndpointQuery(B.bindable, { query: {} }, { enabled: func !== null });
  const create = useEndpointMutation(S.create, { onSuccess: () => void designs.refetch() });
  const update = useEndpointMutation(S.update, { onSuccess: () => void designs.refetch() });
  const saved = designs.data?.[0];
  // The fields a kind of page takes: a form for form and list pages, columns for a list.
  const [chosen, setChosen] = useState<AppPageKind | undefined>(undefined);
  const kind = chosen ?? saved?.pageKind ?? EMPTY.pageKind;
  const loadedValues = useMemo(
    () => (saved ? { pageKind: saved.pageKind, formCode: saved.formCode || undefined, columns: saved.columns, title: saved.title } : undefined),
    [saved],
  );
  if (!func) return null;
  const all: SchemaField[] = [
    {
      name: 'pageKind',
      label: t('page.kind'),
      render: ({ disabled, testId }) => (
        <Select disabled={disabled} data-testid={testId} options={APP_PAGE_KINDS.map((kind) => ({ value: kind, label: t(`page.kinds.${kind}`) }))} />
      ),
    },
    {
      name: 'formCode',
      label: t('page.form'),
      render: ({ disabled, testId }) => (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled}
          data-testid={testId}
          loading={forms.isLoading}
          placeholder={t('page.formPlaceholder')}
          options={(forms.data ?? []).map((form) => ({ value: form.code, label: form.name }))}
        />
      ),
    },
    { name: 'columns', label: t('page.columns'), span: 24, render: ({ disabled, testId }) => <ColumnsInput disabled={disabled} testId={testId} /> },
    { name: 'title', label: t('page.title'), placeholder: func.name },
  ];
  const fields = all.filter((field) => (field.name !== 'formCode' || kind !== 'link') && (field.name !== 'columns' || kind === 'list'));
  const save = (values: PageFormValues) => {
    const body = {
      funcId: func.id,
      pageKind: values.pageKind,
      formCode: values.formCode ?? '',
      columns: values.columns ?? [],
      title: values.title?.trim() ?? '',
    };
    return saved ? update.mutateAsync({ params: { id: String(saved.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<PageFormValues>
      name="app-page"
      open
      mode="edit"
      title={t('page.dialogTitle', { name: func.name })}
      schema={appFunctionPage}
      fields={fields}
      initialValues={EMPTY}
      loadedValues={loadedValues}
      onSubmit={save}
      onFieldsChange={(changed) => changed.pageKind && setChosen(changed.pageKind)}
      onClose={onClose}
      submit={saved ? update : create}
    />
  );
}
