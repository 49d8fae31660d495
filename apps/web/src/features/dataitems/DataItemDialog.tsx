import { dataItemBody, dataItemDetailBody } from '@macro/contract/dataitems';
import type { DictTreeNode } from '@macro/contract/dict';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { SchemaField } from '../../components/crud/SchemaForm';
import { useSaveDataItem, useSaveDetail } from './api';

/** What the dialog edits: a data item, or a detail of the data item `code` (under `parent`). */
export type DataItemDialogState =
  | { target: 'item'; record?: DictTreeNode & { sort?: number } }
  | { target: 'detail'; code: string; parent?: DictTreeNode; record?: { id: number; dictKey: string; dictValue: string; sort: number } };

interface Values {
  code: string;
  dictKey: string;
  dictValue: string;
  sort?: number;
  isSealed: 0 | 1;
  remark: string;
}

export function DataItemDialog({ state: current, onClose }: { state: DataItemDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('dataitems');
  const [state] = useState(current);
  const item = useSaveDataItem();
  const detail = useSaveDetail();
  const initialValues = useMemo<Values>(() => {
    if (state?.target === 'detail') {
      const r = state.record;
      return { code: state.code, dictKey: r?.dictKey ?? '', dictValue: r?.dictValue ?? '', sort: r?.sort ?? 1, isSealed: 0, remark: '' };
    }
    return { code: state?.record?.code ?? '', dictKey: '-1', dictValue: state?.record?.title ?? '', sort: 1, isSealed: 0, remark: '' };
  }, [state]);
  if (!state) return null;
  const editing = Boolean(state.record);
  const sealed = (v: string | number | boolean) => (v === 1 ? t('common:yes') : t('common:no'));
  const fields: SchemaField[] =
    state.target === 'item'
      ? [
          { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
          { name: 'dictValue', label: t('field.itemName'), placeholder: t('form.itemNamePlaceholder') },
          { name: 'sort', label: t('field.sort') },
          { name: 'isSealed', label: t('field.isSealed'), optionLabel: sealed },
        ]
      : [
          { name: 'code', label: t('field.code'), disabled: true },
          { name: 'dictKey', label: t('field.dictKey'), placeholder: t('form.keyPlaceholder') },
          { name: 'dictValue', label: t('field.detailName'), placeholder: t('form.detailNamePlaceholder') },
          { name: 'sort', label: t('field.sort') },
          { name: 'isSealed', label: t('field.isSealed'), optionLabel: sealed },
        ];
  const save = async (values: Values) => {
    const common = {
      code: values.code.trim(),
      dictValue: values.dictValue.trim(),
      sort: values.sort ?? 1,
      isSealed: values.isSealed,
      remark: values.remark ?? '',
    };
    if (state.target === 'item') {
      return state.record ? item.update.mutateAsync({ params: { id: String(state.record.id) }, body: common }) : item.create.mutateAsync({ body: common });
    }
    const body = { ...common, dictKey: values.dictKey.trim(), parentId: state.parent?.id ?? 0 };
    return state.record ? detail.update.mutateAsync({ params: { id: String(state.record.id) }, body }) : detail.create.mutateAsync({ body });
  };
  const mode = editing ? 'edit' : 'create';
  return (
    <SchemaDialog<Values>
      name="data-item"
      open={current !== null}
      mode={mode}
      title={t(`dialog.${state.target}.${mode}`)}
      schema={state.target === 'item' ? dataItemBody : dataItemDetailBody}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
