import { SPECIAL_MENU_ENDPOINTS as E, SPECIAL_MENU_PERMISSIONS as P, type SpecialMenu } from '@macro/contract/specialmenus';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveSpecialMenus } from './api';
import { SpecialMenuDialog, type SpecialMenuDialogState } from './SpecialMenuDialog';

interface SpecialMenuSearch extends Record<string, string | undefined> {
  menuName?: string;
  menuCode?: string;
}

/** Special menus: entries that launch one workflow template directly. */
export function SpecialMenuPage() {
  const { t } = useTranslation('specialmenus');
  const list = useCrudList<typeof E.page, SpecialMenuSearch>(E.page);
  const confirmRemove = useRemoveSpecialMenus();
  const { dialog, dialogKey, open, close } = useKeyedDialog<SpecialMenuDialogState>();
  const search: SearchField[] = [
    { name: 'menuName', label: t('field.menuName'), placeholder: t('search.namePlaceholder') },
    { name: 'menuCode', label: t('field.menuCode'), placeholder: t('search.codePlaceholder') },
  ];
  const columns: ColumnsType<SpecialMenu> = [
    { dataIndex: 'menuName', title: t('field.menuName'), ellipsis: true },
    { dataIndex: 'menuCode', title: t('field.menuCode'), ellipsis: true },
    { dataIndex: 'templateKey', title: t('field.template'), ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 96, align: 'right' },
  ];
  const rowActions: RowAction<SpecialMenu>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="special-menu-page">
      <CrudList<SpecialMenu, SpecialMenuSearch>
        testId="special-menu"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.menuName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={760}
      />
      <SpecialMenuDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
