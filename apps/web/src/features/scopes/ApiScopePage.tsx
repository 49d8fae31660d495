import { API_SCOPE_ENDPOINTS as E, API_SCOPE_PERMISSIONS as P, type ApiScope } from '@macro/contract/scopes';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ApiScopeDialog } from './ApiScopeDialog';
import { useApiScopeMenus, useRemoveApiScopes } from './api';
import { type PickedMenu, ScopeScreen } from './MenuPicker';
import { ScopeList } from './ScopeList';

/** /controller/authorityApi: pick a menu on the left, manage its API scopes on the right. */
export function ApiScopePage() {
  const menus = useApiScopeMenus();
  return <ScopeScreen testId="api-scope" menus={menus} list={(menu) => <ApiScopeList menu={menu} />} />;
}

function ApiScopeList({ menu }: { menu: PickedMenu | null }) {
  const { t } = useTranslation('scopes');
  const confirmRemove = useRemoveApiScopes();
  const columns: ColumnsType<ApiScope> = [
    { dataIndex: 'scopeName', title: t('field.scopeName'), ellipsis: true },
    { dataIndex: 'resourceCode', title: t('field.resourceCode'), ellipsis: true },
    { dataIndex: 'scopePath', title: t('field.scopePath'), ellipsis: true },
    { dataIndex: 'scopeType', title: t('field.apiType'), width: 120, render: (type: number) => t(`apiType.${type}`) },
  ];
  return (
    <ScopeList kind="api" menu={menu} endpoint={E.list} permissions={P} columns={columns} confirmRemove={confirmRemove} Dialog={ApiScopeDialog} scrollX={720} />
  );
}
