import { type DictEntry, type DictKind, type DictTreeNode, dictSubmit } from '@macro/contract/dict';
import { TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { SchemaField, WidgetProps } from '../../components/crud/SchemaForm';
import { useDictDetail, useDictTree, useSubmitDict } from './api';
import { DICT_FORM_DEFAULTS, type DictDialogState, type DictFormValues } from './types';

interface DictDialogProps {
  kind: DictKind;
  /** Mounted afresh (new key) for every opening; null closes it. */
  state: DictDialogState | null;
  /** Code of the dictionary open in the child table (feeds the parent picker). */
  rootCode?: string;
  onClose: () => void;
}

function valuesOf(state: DictDialogState, entry?: DictEntry): DictFormValues {
  if (entry) {
    const { parentId, code, dictKey, dictValue, sort, isSealed, remark } = entry;
    return { parentId: parentId || undefined, code, dictKey, dictValue, sort, isSealed: isSealed === 1 ? 1 : 0, remark };
  }
  // A child inherits its dictionary's code; the server takes it from the parent as well.
  return state.parent ? { ...DICT_FORM_DEFAULTS, parentId: state.parent.id, code: state.parent.code } : DICT_FORM_DEFAULTS;
}

/** Spec §5: the parent is fixed by where the entry is added; the picker only shows it. */
function ParentPicker({
  kind,
  treeCode,
  parentId,
  parentLabel,
  widget,
  id,
  value,
}: {
  kind: DictKind;
  treeCode?: string;
  parentId?: number;
  parentLabel?: string;
  widget: WidgetProps;
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  value?: number;
}) {
  const tree = useDictTree(kind, treeCode ?? '', !!treeCode);
  const treeData = useMemo<DictTreeNode[]>(() => {
    const nodes = tree.data ?? [];
    const contains = (list: readonly DictTreeNode[]): boolean => list.some((node) => node.value === parentId || contains(node.children ?? []));
    if (!parentId || contains(nodes)) return nodes;
    const title = parentLabel ?? String(parentId);
    return [...nodes, { id: parentId, parentId: 0, title, key: parentId, value: parentId, code: '', children: [] }];
  }, [tree.data, parentId, parentLabel]);
  return (
    // Always disabled: an empty one means a top-level dictionary, and needs no placeholder.
    <TreeSelect id={id} value={value} disabled treeData={treeData} treeDefaultExpandAll data-testid={widget.testId} />
  );
}

export function DictDialog({ kind, state: current, rootCode, onClose }: DictDialogProps) {
  const { t } = useTranslation('dict');
  // What the dialog was opened with; it keeps showing while the close animation runs.
  const [state] = useState(current);
  const submit = useSubmitDict(kind);
  const record = state?.record;
  // Edit and view show the server's current copy; the table row fills the form meanwhile.
  const detail = useDictDetail(kind, current ? record?.id : undefined);
  const entry = detail.data ?? record;
  const initialValues = useMemo(() => (state ? valuesOf(state, record) : DICT_FORM_DEFAULTS), [state, record]);
  const loadedValues = useMemo(() => (state && detail.data ? valuesOf(state, detail.data) : undefined), [state, detail.data]);
  if (!state) return null;

  const mode = state.mode;
  const isChild = state.level === 'child';
  const fields: SchemaField[] = [
    {
      name: 'parentId',
      label: t('field.parent'),
      validate: false,
      render: (widget) => (
        <ParentPicker
          kind={kind}
          treeCode={isChild ? (state.parent?.code ?? entry?.code ?? rootCode) : undefined}
          parentId={initialValues.parentId}
          parentLabel={state.parent?.dictValue ?? entry?.parentName}
          widget={widget}
        />
      ),
    },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder'), disabled: isChild || mode === 'edit' },
    { name: 'dictKey', label: t('field.dictKey'), placeholder: t('form.keyPlaceholder') },
    { name: 'dictValue', label: t('field.dictValue'), placeholder: t('form.valuePlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'isSealed', label: t('field.isSealed'), optionLabel: (value) => t(value === 1 ? 'common:yes' : 'common:no') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];

  const save = (values: DictFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        parentId: values.parentId ?? 0,
        code: values.code.trim(),
        dictKey: values.dictKey.trim(),
        dictValue: values.dictValue.trim(),
        sort: values.sort ?? 1,
        isSealed: values.isSealed,
        remark: values.remark?.trim() ?? '',
      },
    });

  return (
    <SchemaDialog<DictFormValues>
      name="dict"
      open={current !== null}
      mode={mode}
      title={t(`dialog.${mode}`)}
      schema={dictSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
