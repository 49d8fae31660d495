import { type InterfaceCategoryNode, interfaceCategorySubmit } from '@macro/contract/interfaces';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { useSubmitCategory } from './api';
import { CategoryPicker } from './CategoryPicker';

export interface CategoryDialogState {
  mode: FormMode;
  record?: InterfaceCategoryNode;
  /** For a new category: the one it goes under. */
  parentId?: number;
}

interface CategoryFormValues {
  parentId?: number;
  name: string;
  sort?: number;
}

const valuesOf = (record?: InterfaceCategoryNode): CategoryFormValues =>
  record ? { parentId: record.parentId || undefined, name: record.name, sort: record.sort } : { name: '', sort: 1 };

/** Create or rename a category, or move it under another. */
export function CategoryDialog({ state: current, onClose }: { state: CategoryDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const { state, record, initialValues: values } = useDialogRecord(current, valuesOf);
  const submit = useSubmitCategory();
  if (!state) return null;
  const initialValues = record ? values : { ...values, parentId: state.parentId };
  const fields: SchemaField[] = [
    {
      name: 'parentId',
      label: t('category.parent'),
      span: 24,
      // Blank is the top level (0): the picker offers only categories that exist.
      validate: false,
      render: (w) => <CategoryPicker disabled={w.disabled} testId={w.testId} placeholder={t('category.parentPlaceholder')} without={record?.id} />,
    },
    { name: 'name', label: t('category.name'), placeholder: t('category.namePlaceholder') },
    { name: 'sort', label: t('field.sort') },
  ];
  return (
    <SchemaDialog<CategoryFormValues>
      name="interface-category"
      open={current !== null}
      mode={state.mode}
      title={t(`category.dialog.${state.mode}`)}
      schema={interfaceCategorySubmit}
      fields={fields}
      initialValues={initialValues}
      onSubmit={(v) =>
        submit.mutateAsync({ body: { ...(record ? { id: record.id } : {}), parentId: v.parentId ?? 0, name: v.name?.trim() ?? '', sort: v.sort ?? 1 } })
      }
      onClose={onClose}
      submit={submit}
    />
  );
}
