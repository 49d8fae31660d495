import { API_SCOPE_ENDPOINTS as E, API_SCOPE_PERMISSIONS as P, type ApiScope } from '@macro/contract/scopes';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { ApiScopeDialog, type ApiScopeDialogState } from './ApiScopeDialog';
import { useApiScopeMenus, useRemoveApiScopes } from './api';
import { type PickedMenu, ScopeScreen } from './MenuPicker';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface ScopeSearch extends Record<string, string | undefined> {
  scopeName?: string;
  resourceCode?: string;
}

/** Spec 000 §2 /controller/authorityApi: pick a menu on the left, manage its API scopes on the right. */
export function ApiScopePage() {
  const menus = useApiScopeMenus();
  return <ScopeScreen testId="api-scope" menus={menus} list={(menu) => <ApiScopeList menu={menu} />} />;
}

function ApiScopeList({ menu }: { menu: PickedMenu | null }) {
  const { t } = useTranslation('scopes');
  const list = useCrudList<typeof E.list, ScopeSearch>(E.list, { query: { menuId: menu?.id ?? 0 }, enabled: menu !== null });
  const confirmRemove = useRemoveApiScopes();
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<ApiScopeDialogState>();
  const search: SearchField[] = [
    { name: 'scopeName', label: t('field.scopeName'), placeholder: t('search.namePlaceholder') },
    { name: 'resourceCode', label: t('field.resourceCode'), placeholder: t('search.resourcePlaceholder') },
  ];
  const columns: ColumnsType<ApiScope> = [
    { dataIndex: 'scopeName', title: t('field.scopeName'), ellipsis: true },
    { dataIndex: 'resourceCode', title: t('field.resourceCode'), ellipsis: true },
    { dataIndex: 'scopePath', title: t('field.scopePath'), ellipsis: true },
    { dataIndex: 'scopeType', title: t('field.apiType'), width: 120, render: (type: number) => t(`apiType.${type}`) },
  ];
  const rowActions: RowAction<ApiScope>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<ApiScope, ScopeSearch>
        testId="api-scope"
        title={menu ? t('api.titleOf', { menu: menu.name }) : t('api.title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.scopeName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        idleText={t('chooseMenu')}
        toolbarDisabled={menu === null}
        scrollX={720}
      />
      {menu ? <ApiScopeDialog key={dialogKey} menuId={menu.id} state={dialog} onClose={closeDialog} /> : null}
    </>
  );
}
