import { MENU_CATEGORY, MENU_PERMISSIONS as P } from '@macro/contract/menus';
import { Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ModuleList, SubsystemList } from '../modules/public';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { MenuIcon } from '../../shell/layout/menuIconSet';
import { useRemoveMenus } from './api';
import { MenuDialog, type MenuDialogState } from './MenuDialog';
import { type MenuRow, type MenuSearch, useMenuRows } from './useMenuRows';
import './menus.css';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

/** 菜单管理: the platform's menus and buttons as a tree that opens level by level. */
export function MenuPage() {
  const { t, i18n } = useTranslation('menus');
  // As the sidebar names it: the translation of its key when there is one, else its name.
  const labelOf = (row: MenuRow) => (row.i18n && i18n.exists(`menu:${row.i18n}`) ? i18n.t(`menu:${row.i18n}`) : row.name);
  const { list, expandable, open: openLevel } = useMenuRows();
  const confirmRemove = useRemoveMenus();
  const { dialog, dialogKey, open: openKeyed, close: closeDialog } = useKeyedDialog<MenuDialogState>();
  const open = (state: MenuDialogState) => {
    openKeyed(state);
    if (state.parent) openLevel(state.parent.id);
  };
  const search: SearchField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('search.codePlaceholder') },
    { name: 'alias', label: t('field.alias'), placeholder: t('search.aliasPlaceholder') },
  ];
  const columns: ColumnsType<MenuRow> = [
    {
      dataIndex: 'name',
      title: t('field.name'),
      width: 220,
      render: (_: string, row) => (
        <Space size={6}>
          <MenuIcon name={row.source} />
          <span>{labelOf(row)}</span>
        </Space>
      ),
    },
    { dataIndex: 'code', title: t('field.code'), width: 170, ellipsis: true },
    { dataIndex: 'path', title: t('field.path'), ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 104, align: 'right' },
    {
      dataIndex: 'category',
      title: t('field.category'),
      width: 96,
      align: 'center',
      render: (category: number) =>
        category === MENU_CATEGORY.button ? <Tag color="purple">{t('category.button')}</Tag> : <Tag color="blue">{t('category.menu')}</Tag>,
    },
  ];
  const isMenu = (row: MenuRow) => row.category === MENU_CATEGORY.menu;
  const rowActions: RowAction<MenuRow>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'add-child', label: t('addChild'), permission: P.add, show: isMenu, onClick: (parent) => open({ mode: 'create', parent }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="menu-page">
      <Tabs
        items={[
          {
            key: 'menus',
            label: t('title'),
            children: (
              <>
                <CrudList<MenuRow, MenuSearch>
                  testId="menu"
                  title={t('title')}
                  list={list}
                  search={search}
                  columns={columns}
                  rowLabel={labelOf}
                  add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
                  batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list, true), list.forget) }}
                  rowActions={rowActions}
                  expandable={expandable}
                  paged={false}
                  scrollX={1080}
                />
                <MenuDialog key={dialogKey} state={dialog} onClose={closeDialog} />
              </>
            ),
          },
          // Modules are menus with their buttons, form fields and columns; subsystems group them.
          { key: 'modules', label: t('modules:modules'), children: <ModuleList /> },
          { key: 'subsystems', label: t('modules:subsystems'), children: <SubsystemList /> },
        ]}
      />
    </div>
  );
}
