import { type AppFunc, appFuncBody } from '@macro/contract/authorize';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useAppFuncInfo, useCreateAppFunc, useUpdateAppFunc } from './api';

export interface AppFuncDialogState {
  mode: FormMode;
  record?: AppFunc;
}

interface AppFuncFormValues {
  name: string;
  code: string;
  category: string;
  url: string;
  icon: string;
  sort?: number;
  enabled: boolean;
  remark: string;
}

const EMPTY: AppFuncFormValues = { name: '', code: '', category: '', url: '', icon: '', sort: 1, enabled: true, remark: '' };
const valuesOf = (f?: AppFunc): AppFuncFormValues =>
  f ? { name: f.name, code: f.code, category: f.category, url: f.url, icon: f.icon, sort: f.sort, enabled: f.enabled, remark: f.remark } : EMPTY;

/** Create, edit or view a mobile app function (one form for all three). */
export function AppFuncDialog({ state: current, onClose }: { state: AppFuncDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('authorize');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateAppFunc();
  const update = useUpdateAppFunc();
  const detail = useAppFuncInfo(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'category', label: t('field.category'), placeholder: t('form.categoryPlaceholder') },
    { name: 'url', label: t('field.url'), placeholder: t('form.urlPlaceholder') },
    { name: 'icon', label: t('field.icon'), placeholder: t('form.iconPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'enabled', label: t('field.enabled') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24, kind: 'textarea' },
  ];
  const save = (values: AppFuncFormValues) => {
    const body = {
      name: values.name.trim(),
      code: values.code.trim(),
      category: values.category.trim(),
      url: values.url.trim(),
      icon: values.icon?.trim() ?? '',
      sort: values.sort ?? 1,
      enabled: values.enabled ?? true,
      remark: values.remark?.trim() ?? '',
    };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<AppFuncFormValues>
      name="app-func"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={appFuncBody}
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
