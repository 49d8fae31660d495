import { type SpecialMenu, specialMenuBody } from '@macro/contract/specialmenus';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCreateSpecialMenu, useUpdateSpecialMenu } from './api';

export interface SpecialMenuDialogState {
  mode: FormMode;
  record?: SpecialMenu;
}

interface SpecialMenuFormValues {
  menuName: string;
  menuCode: string;
  templateKey: string;
  icon: string;
  sort?: number;
  remark: string;
}

const valuesOf = (menu?: SpecialMenu): SpecialMenuFormValues =>
  menu
    ? { menuName: menu.menuName, menuCode: menu.menuCode, templateKey: menu.templateKey, icon: menu.icon, sort: menu.sort, remark: menu.remark }
    : { menuName: '', menuCode: '', templateKey: '', icon: '', sort: 1, remark: '' };

/** Create, edit or view a special menu: a name, a code and the one template it launches. */
export function SpecialMenuDialog({ state: current, onClose }: { state: SpecialMenuDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('specialmenus');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateSpecialMenu();
  const update = useUpdateSpecialMenu();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'menuName', label: t('field.menuName'), placeholder: t('form.namePlaceholder') },
    { name: 'menuCode', label: t('field.menuCode'), placeholder: t('form.codePlaceholder') },
    { name: 'templateKey', label: t('field.template'), placeholder: t('form.templatePlaceholder') },
    { name: 'icon', label: t('field.icon'), placeholder: t('form.iconPlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: SpecialMenuFormValues) => {
    const body = {
      menuName: values.menuName.trim(),
      menuCode: values.menuCode.trim(),
      templateKey: values.templateKey.trim(),
      icon: values.icon?.trim() ?? '',
      sort: values.sort ?? 1,
      remark: values.remark?.trim() ?? '',
    };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<SpecialMenuFormValues>
      name="special-menu"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={specialMenuBody}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
    />
  );
}
