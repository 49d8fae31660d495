import { DATA_SCOPE_ENDPOINTS as E, DATA_SCOPE_PERMISSIONS as P, DATA_SCOPE_TYPE, type DataScope } from '@macro/contract/scopes';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDataScopeMenus, useRemoveDataScopes } from './api';
import { DataScopeDialog } from './DataScopeDialog';
import { type PickedMenu, ScopeScreen } from './MenuPicker';
import { ScopeList } from './ScopeList';

/** /controller/authorityData: pick a menu on the left, manage its data scopes on the right. */
export function DataScopePage() {
  const menus = useDataScopeMenus();
  return <ScopeScreen testId="data-scope" menus={menus} list={(menu) => <DataScopeList menu={menu} />} />;
}

function DataScopeList({ menu }: { menu: PickedMenu | null }) {
  const { t } = useTranslation('scopes');
  const confirmRemove = useRemoveDataScopes();
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
  return (
    <ScopeList
      kind="data"
      menu={menu}
      endpoint={E.list}
      permissions={P}
      columns={columns}
      confirmRemove={confirmRemove}
      Dialog={DataScopeDialog}
      scrollX={860}
    />
  );
}
