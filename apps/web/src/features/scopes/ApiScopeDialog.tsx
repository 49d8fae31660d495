import { API_SCOPE_TYPE, type ApiScope, apiScopeSubmit } from '@macro/contract/scopes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useApiScopeDetail, useSubmitApiScope } from './api';

export interface ApiScopeDialogState {
  mode: FormMode;
  record?: ApiScope;
}

interface ApiScopeFormValues {
  scopeName: string;
  resourceCode: string;
  scopePath: string;
  scopeType: number;
  remark: string;
}

const EMPTY: ApiScopeFormValues = { scopeName: '', resourceCode: '', scopePath: '', scopeType: API_SCOPE_TYPE.business, remark: '' };
const valuesOf = (scope?: ApiScope): ApiScopeFormValues =>
  scope
    ? { scopeName: scope.scopeName, resourceCode: scope.resourceCode, scopePath: scope.scopePath, scopeType: scope.scopeType, remark: scope.remark }
    : EMPTY;

/** Create, edit or view an API scope of a menu. */
export function ApiScopeDialog({ menuId, state: current, onClose }: { menuId: number; state: ApiScopeDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('scopes');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitApiScope();
  const detail = useApiScopeDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'scopeName', label: t('field.scopeName'), placeholder: t('form.namePlaceholder') },
    { name: 'resourceCode', label: t('field.resourceCode'), placeholder: t('form.resourcePlaceholder') },
    { name: 'scopePath', label: t('field.scopePath'), placeholder: t('form.pathPlaceholder') },
    { name: 'scopeType', label: t('field.apiType'), kind: 'choice', optionLabel: (v) => t(`apiType.${String(v)}`) },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24, kind: 'textarea' },
  ];
  const save = (values: ApiScopeFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        menuId: record?.menuId ?? menuId,
        scopeName: values.scopeName.trim(),
        resourceCode: values.resourceCode.trim(),
        scopePath: values.scopePath.trim(),
        scopeType: values.scopeType as 1 | 2,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<ApiScopeFormValues>
      name="api-scope"
      open={current !== null}
      mode={state.mode}
      title={t(`api.dialog.${state.mode}`)}
      schema={apiScopeSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
