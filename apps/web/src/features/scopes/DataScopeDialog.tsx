import { DATA_SCOPE_TYPE, type DataScope, dataScopeBody } from '@macro/contract/scopes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDataScopeDetail, useSaveDataScope, useUpdateDataScope } from './api';
import { ResourceSelect, RuleColumnSelect, RuleOperatorSelect, RuleValuesInput, ScopeTypeSelect } from './ruleWidgets';

export interface DataScopeDialogState {
  mode: FormMode;
  record?: DataScope;
}

interface DataScopeFormValues {
  scopeName: string;
  resourceCode?: string;
  scopeType?: number;
  scopeColumn?: string;
  scopeOperator?: string;
  scopeValues?: string[];
  remark: string;
}

const EMPTY: DataScopeFormValues = { scopeName: '', remark: '', scopeValues: [] };
const valuesOf = (scope?: DataScope): DataScopeFormValues =>
  scope
    ? {
        scopeName: scope.scopeName,
        resourceCode: scope.resourceCode,
        scopeType: scope.scopeType,
        scopeColumn: scope.scopeType === DATA_SCOPE_TYPE.custom ? scope.scopeColumn : undefined,
        scopeOperator: scope.scopeOperator || undefined,
        scopeValues: scope.scopeValues,
        remark: scope.remark,
      }
    : EMPTY;

/** Create, edit or view a data scope of a menu; a custom rule is built from the resource's declared columns. */
export function DataScopeDialog({ menuId, state: current, onClose }: { menuId: number; state: DataScopeDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('scopes');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useSaveDataScope();
  const update = useUpdateDataScope();
  const detail = useDataScopeDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'scopeName', label: t('field.scopeName'), placeholder: t('form.namePlaceholder') },
    { name: 'resourceCode', label: t('field.resource'), placeholder: t('form.resourceChoose'), render: (w) => <ResourceSelect widget={w} /> },
    { name: 'scopeType', label: t('field.dataType'), placeholder: t('form.typeChoose'), render: (w) => <ScopeTypeSelect widget={w} /> },
    { name: 'scopeColumn', label: t('field.ruleColumn'), placeholder: t('form.columnChoose'), render: (w) => <RuleColumnSelect widget={w} />, validate: false },
    {
      name: 'scopeOperator',
      label: t('field.ruleOperator'),
      placeholder: t('form.operatorChoose'),
      render: (w) => <RuleOperatorSelect widget={w} />,
      validate: false,
    },
    {
      name: 'scopeValues',
      label: t('field.ruleValues'),
      placeholder: t('form.valuesPlaceholder'),
      render: (w) => <RuleValuesInput widget={w} />,
      validate: false,
    },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24, kind: 'textarea' },
  ];
  const save = (values: DataScopeFormValues) => {
    const custom = values.scopeType === DATA_SCOPE_TYPE.custom;
    const body = {
      menuId: record?.menuId ?? menuId,
      scopeName: values.scopeName.trim(),
      resourceCode: values.resourceCode ?? '',
      scopeType: values.scopeType as 1,
      // Only a custom rule carries a column, an operator and values; the server fills the others.
      scopeColumn: custom ? (values.scopeColumn ?? '') : '',
      scopeOperator: (custom ? (values.scopeOperator ?? '') : '') as '',
      scopeValues: custom ? (values.scopeValues ?? []).map((v) => v.trim()).filter(Boolean) : [],
      remark: values.remark?.trim() ?? '',
    };
    return record ? update.mutateAsync({ body: { ...body, id: record.id } }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<DataScopeFormValues>
      name="data-scope"
      open={current !== null}
      mode={state.mode}
      title={t(`data.dialog.${state.mode}`)}
      schema={dataScopeBody}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
    />
  );
}
