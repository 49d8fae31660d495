import { MENU_ACTION, MENU_CATEGORY, MENU_ROOT, type Menu, type MenuTreeNode, menuSubmit } from '@macro/contract/menus';
import { Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { MENU_ICON_NAMES, MenuIcon } from '../../shell/layout/menuIconSet';
import { useMenuDetail, useMenuTree, useSubmitMenu } from './api';

export interface MenuDialogState {
  mode: FormMode;
  record?: Menu;
  /** For a new entry under a menu: that menu. */
  parent?: Pick<Menu, 'id' | 'name'>;
}

interface MenuFormValues {
  parentId?: number;
  category: 1 | 2;
  name: string;
  code: string;
  alias: string;
  path: string;
  source?: string;
  sort: number | null;
  action: 0 | 1 | 2;
  isOpen: boolean;
  keepAlive: boolean;
  i18n: string;
  remark: string;
}

function valuesOf(state: MenuDialogState, menu?: Menu): MenuFormValues {
  if (menu) {
    const { parentId, category, name, code, alias, path, source, sort, isOpen, keepAlive, i18n, remark } = menu;
    const action = menu.action === MENU_ACTION.toolbar || menu.action === MENU_ACTION.both ? menu.action : MENU_ACTION.row;
    return { parentId: parentId || undefined, category, name, code, alias, path, source: source || undefined, sort, action, isOpen, keepAlive, i18n, remark };
  }
  return {
    parentId: state.parent?.id,
    category: MENU_CATEGORY.menu,
    name: '',
    code: '',
    alias: '',
    path: '',
    sort: 1,
    action: MENU_ACTION.row,
    isOpen: false,
    keepAlive: false,
    i18n: '',
    remark: '',
  };
}

/** Menus only, never the entry itself nor anything under it (the server refuses such a move too). */
function withoutSubtree(nodes: readonly MenuTreeNode[], id?: number): MenuTreeNode[] {
  return nodes.filter((node) => node.id !== id).map((node) => ({ ...node, children: withoutSubtree(node.children, id) }));
}

function ParentPicker({
  menuId,
  id,
  value,
  onChange,
  disabled,
  placeholder,
  testId,
}: {
  menuId?: number;
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
}) {
  const tree = useMenuTree();
  const treeData = useMemo(() => withoutSubtree(tree.data ?? [], menuId), [tree.data, menuId]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={placeholder}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function IconPicker({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
}) {
  const options = MENU_ICON_NAMES.map((name) => ({
    value: name,
    label: (
      <span className="menu-icon-option">
        <MenuIcon name={name} /> {name}
      </span>
    ),
  }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      placeholder={placeholder}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Create, edit or view a menu or a button; one form for all three. */
export function MenuDialog({ state: current, onClose }: { state: MenuDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('menus');
  const [state] = useState(current);
  const submit = useSubmitMenu();
  const record = state?.record;
  const detail = useMenuDetail(current ? record?.id : undefined);
  const builtIn = (detail.data ?? record)?.builtIn === true;
  const initialValues = useMemo(() => (state ? valuesOf(state, record) : valuesOf({ mode: 'create' })), [state, record]);
  const loadedValues = useMemo(() => (state && detail.data ? valuesOf(state, detail.data) : undefined), [state, detail.data]);
  if (!state) return null;
  const mode = state.mode;
  const fields: SchemaField[] = [
    {
      name: 'category',
      label: t('field.category'),
      optionLabel: (value) => t(value === MENU_CATEGORY.button ? 'category.button' : 'category.menu'),
    },
    {
      name: 'parentId',
      label: t('field.parent'),
      validate: false,
      render: (w) => <ParentPicker menuId={record?.id} disabled={w.disabled} placeholder={w.placeholder} testId={w.testId} />,
      placeholder: t('form.parentPlaceholder'),
    },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder'), disabled: builtIn },
    { name: 'alias', label: t('field.alias'), placeholder: t('form.aliasPlaceholder') },
    { name: 'path', label: t('field.path'), placeholder: t('form.pathPlaceholder'), kind: 'text' },
    {
      name: 'source',
      label: t('field.source'),
      placeholder: t('form.sourcePlaceholder'),
      render: (w) => <IconPicker disabled={w.disabled} placeholder={w.placeholder} testId={w.testId} />,
    },
    { name: 'sort', label: t('field.sort') },
    {
      name: 'action',
      label: t('field.action'),
      optionLabel: (value) => t(`action.${value === MENU_ACTION.toolbar ? 'toolbar' : value === MENU_ACTION.both ? 'both' : 'row'}`),
    },
    { name: 'i18n', label: t('field.i18n'), placeholder: t('form.i18nPlaceholder') },
    { name: 'isOpen', label: t('field.isOpen') },
    { name: 'keepAlive', label: t('field.keepAlive') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: MenuFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        parentId: values.parentId ?? MENU_ROOT,
        category: values.category,
        name: values.name.trim(),
        code: values.code.trim(),
        alias: values.alias?.trim() ?? '',
        path: values.path?.trim() ?? '',
        source: values.source ?? '',
        sort: values.sort ?? 1,
        action: values.action,
        isOpen: values.isOpen ?? false,
        keepAlive: values.keepAlive ?? false,
        i18n: values.i18n?.trim() ?? '',
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<MenuFormValues>
      name="menu"
      open={current !== null}
      mode={mode}
      title={t(`dialog.${mode}`)}
      schema={menuSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
