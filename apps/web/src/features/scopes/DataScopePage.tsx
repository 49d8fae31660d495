import { DATA_SCOPE_ENDPOINTS as E, DATA_SCOPE_PERMISSIONS as P, DATA_SCOPE_TYPE, type DataScope } from '@macro/contract/scopes';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useDataScopeMenus, useRemoveDataScopes } from './api';
import { DataScopeDialog, type DataScopeDialogState } from './DataScopeDialog';
import { type PickedMenu, ScopeScreen } from './MenuPicker';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

interface ScopeSearch extends Record<string, string | undefined> {
  scopeName?: string;
  resourceCode?: string;
}

/** Spec 000 §2 /controller/authorityData: pick a menu on the left, manage its data scopes on the right. */
export function DataScopePage() {
  const menus = useDataScopeMenus();
  return <ScopeScreen testId="data-scope" menus={menus} list={(menu) => <DataScopeList menu={menu} />} />;
}

function DataScopeList({ menu }: { menu: PickedMenu | null }) {
  const { t } = useTranslation('scopes');
  const list = useCrudList<typeof E.list, ScopeSearch>(E.list, { query: { menuId: menu?.id ?? 0 }, enabled: menu !== null });
  const confirmRemove = useRemoveDataScopes();
  const { dialog, dialogKey, open, close: closeDialog } = useKeyedDialog<DataScopeDialogState>();
  const search: SearchField[] = [
    { name: 'scopeName', label: t('field.scopeName'), placeholder: t('search.namePlaceholder') },
    { name: 'resourceCode', label: t('field.resourceCode'), placeholder: t('search.resourcePlaceholder') },
  ];
  const rule = (scope: DataScope) =>
    scope.scopeType === DATA_SCOPE_TYPE.custom
      ? `${t(`column.${scope.scopeColumn}`, { defaultValue: scope.scopeColumn })} ${t(`operator.${scope.scopeOperator}`)} ${scope.scopeValues.join(', ')}`
      : scope.scopeColumn;
  const columns: ColumnsType<DataScope> = [
    { dataIndex: 'scopeName', title: t('field.scopeName'), width: 180, ellipsis: true },
    { dataIndex: 'resourceCode', title: t('field.resource'), width: 110, render: (code: string) => t(`resource.${code}`, { defaultValue: code }) },
    { dataIndex: 'scopeType', title: t('field.dataType'), width: 170, render: (type: number) => t(`dataType.${type}`) },
    { key: 'rule', title: t('field.rule'), ellipsis: true, render: (_: unknown, scope: DataScope) => rule(scope) },
  ];
  const rowActions: RowAction<DataScope>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<DataScope, ScopeSearch>
        testId="data-scope"
        title={menu ? t('data.titleOf', { menu: menu.name }) : t('data.title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.scopeName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        idleText={t('chooseMenu')}
        toolbarDisabled={menu === null}
        scrollX={860}
      />
      {menu ? <DataScopeDialog key={dialogKey} menuId={menu.id} state={dialog} onClose={closeDialog} /> : null}
    </>
  );
}
