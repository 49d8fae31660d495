import {
  DEFAULT_RATE_LIMIT,
  type InterfaceInfo,
  type InterfaceKind,
  type InterfaceMethod,
  interfaceInfoSubmit,
  type INTERFACE_RESPONSES,
} from '@macro/contract/interfaces';
import { Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useCreateInterface, useDataSourceChoices, useInterfaceDetail, useUpdateInterface } from './api';
import { CategoryPicker } from './CategoryPicker';
import { PathInput } from './PathInput';

export interface InterfaceInfoDialogState {
  mode: FormMode;
  record?: InterfaceInfo;
  /** For a new interface: the category chosen in the tree. */
  categoryId?: number;
}

interface InterfaceFormValues {
  categoryId?: number;
  code: string;
  name: string;
  method: InterfaceMethod;
  path: string;
  kind: InterfaceKind;
  dataSourceId?: number;
  url: string;
  permission: string;
  anonymous: boolean;
  rateLimit?: number;
  response: (typeof INTERFACE_RESPONSES)[number];
  sort?: number;
  remark: string;
}

const EMPTY: InterfaceFormValues = {
  code: '',
  name: '',
  method: 'GET',
  path: '',
  kind: 'dataSource',
  url: '',
  permission: '',
  anonymous: false,
  rateLimit: DEFAULT_RATE_LIMIT,
  response: 'envelope',
  sort: 1,
  remark: '',
};

const valuesOf = (record?: InterfaceInfo): InterfaceFormValues =>
  record
    ? {
        categoryId: record.categoryId,
        code: record.code,
        name: record.name,
        method: record.method,
        path: record.path,
        kind: record.kind,
        dataSourceId: record.dataSourceId ?? undefined,
        url: record.url,
        permission: record.permission,
        anonymous: record.anonymous,
        rateLimit: record.rateLimit,
        response: record.response,
        sort: record.sort,
        remark: record.remark,
      }
    : EMPTY;

/** What the server is sent: only the target the kind uses, and no code on an anonymous interface. */
const bodyOf = (values: InterfaceFormValues) => ({
  categoryId: values.categoryId ?? 0,
  code: values.code?.trim() ?? '',
  name: values.name?.trim() ?? '',
  method: values.method,
  path: values.path?.trim() ?? '',
  kind: values.kind,
  dataSourceId: values.kind === 'dataSource' ? (values.dataSourceId ?? null) : null,
  url: values.kind === 'http' ? (values.url?.trim() ?? '') : '',
  permission: values.anonymous ? '' : (values.permission?.trim() ?? ''),
  anonymous: values.anonymous ?? false,
  rateLimit: values.rateLimit ?? 0,
  response: values.response,
  sort: values.sort ?? 1,
  remark: values.remark?.trim() ?? '',
});

/** Create, edit or view a custom interface: where it is served, what answers it, and who may call it how often. */
export function InterfaceInfoDialog({ state: current, onClose }: { state: InterfaceInfoDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const { state, record, initialValues: values } = useDialogRecord(current, valuesOf);
  const create = useCreateInterface();
  const update = useUpdateInterface();
  const detail = useInterfaceDetail(current ? record?.id : undefined);
  const sources = useDataSourceChoices();
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  const initialValues = useMemo(() => (record ? values : { ...values, categoryId: state?.categoryId }), [record, values, state]);
  // The fields that follow others: the target follows the kind, the code field the anonymous switch.
  const [kind, setKind] = useState<InterfaceKind>(values.kind);
  const [anonymous, setAnonymous] = useState(values.anonymous);
  useEffect(() => {
    if (!loadedValues) return;
    setKind(loadedValues.kind);
    setAnonymous(loadedValues.anonymous);
  }, [loadedValues]);
  if (!state) return null;
  const submit = record ? update : create;
  const fields: SchemaField[] = [
    {
      name: 'categoryId',
      label: t('field.category'),
      render: (w) => <CategoryPicker disabled={w.disabled} testId={w.testId} placeholder={t('form.categoryPlaceholder')} />,
    },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'method', label: t('field.method') },
    {
      name: 'path',
      label: t('field.path'),
      span: 24,
      render: (w) => <PathInput disabled={w.disabled} testId={w.testId} placeholder={t('form.pathPlaceholder')} />,
    },
    { name: 'kind', label: t('field.kind'), optionLabel: (value) => t(`kind.${value}`) },
    kind === 'dataSource'
      ? {
          name: 'dataSourceId',
          label: t('field.dataSource'),
          render: (w) => (
            <Select
              disabled={w.disabled}
              data-testid={w.testId}
              placeholder={t('form.dataSourcePlaceholder')}
              loading={sources.isLoading}
              showSearch
              optionFilterProp="label"
              options={(sources.data ?? []).map((source) => ({ value: source.id, label: source.name }))}
            />
          ),
        }
      : {
          name: 'url',
          label: t('field.url'),
          render: (w) => <Input disabled={w.disabled} data-testid={w.testId} placeholder={t('form.urlPlaceholder')} spellCheck={false} inputMode="url" />,
        },
    { name: 'anonymous', label: t('field.anonymous') },
    {
      name: 'permission',
      label: t('field.permission'),
      placeholder: anonymous ? t('form.permissionAnonymous') : t('form.permissionPlaceholder'),
      disabled: anonymous,
    },
    { name: 'rateLimit', label: t('field.rateLimit'), placeholder: t('form.rateLimitPlaceholder') },
    { name: 'response', label: t('field.response'), optionLabel: (value) => t(`response.${value}`) },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  return (
    <SchemaDialog<InterfaceFormValues>
      name="interface"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={interfaceInfoSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={(v) => (record ? update.mutateAsync({ params: { id: String(record.id) }, body: bodyOf(v) }) : create.mutateAsync({ body: bodyOf(v) }))}
      onClose={onClose}
      submit={submit}
      onFieldsChange={(changed, form) => {
        if (changed.kind) setKind(changed.kind);
        if (changed.anonymous !== undefined) {
          setAnonymous(changed.anonymous);
          // An anonymous interface asks for no code: the one typed goes, and so does its error.
          if (changed.anonymous) form.setFields([{ name: 'permission', value: '', errors: [] }]);
        }
      }}
    />
  );
}
