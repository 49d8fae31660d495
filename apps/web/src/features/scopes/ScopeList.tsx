import type { Endpoint } from '@macro/contract';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import type { TreeRow } from '../../components/crud/treeRows';
import { type CrudListState, useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import type { PickedMenu } from './MenuPicker';

interface ScopeSearch extends Record<string, string | undefined> {
  scopeName?: string;
  resourceCode?: string;
}

type ScopeDialogState<R> = { mode: 'create' | 'edit' | 'view'; record?: R };

export interface ScopeListProps<R extends { id: number; scopeName: string }> {
  /** `api` or `data`: the test ids (`api-scope`), the titles (`api.title`). */
  kind: 'api' | 'data';
  menu: PickedMenu | null;
  /** The list endpoint, whose records are `R`. */
  endpoint: Endpoint;
  permissions: { add: string; edit: string; delete: string };
  columns: ColumnsType<TreeRow<R>>;
  /** Asks, then removes the rows; `onRemoved` runs after. */
  confirmRemove: (rows: readonly R[], onRemoved?: (ids: number[]) => void) => void;
  Dialog: ComponentType<{ menuId: number; state: ScopeDialogState<R> | null; onClose: () => void }>;
  scrollX: number;
}

/** The right side of a scope screen: the chosen menu's API or data scopes, searched by name and resource, with their dialog. */
export function ScopeList<R extends { id: number; scopeName: string }>({
  kind,
  menu,
  endpoint,
  permissions: P,
  columns,
  confirmRemove,
  Dialog,
  scrollX,
}: ScopeListProps<R>) {
  const { t } = useTranslation('scopes');
  const list = useCrudList<Endpoint, ScopeSearch>(endpoint, { query: { menuId: menu?.id ?? 0 }, enabled: menu !== null }) as unknown as CrudListState<
    R,
    ScopeSearch
  >;
  const { dialog, dialogKey, open, close } = useKeyedDialog<ScopeDialogState<R>>();
  const search: SearchField[] = [
    { name: 'scopeName', label: t('field.scopeName'), placeholder: t('search.namePlaceholder') },
    { name: 'resourceCode', label: t('field.resourceCode'), placeholder: t('search.resourcePlaceholder') },
  ];
  const rowActions: RowAction<R>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<R, ScopeSearch>
        testId={`${kind}-scope`}
        title={menu ? t(`${kind}.titleOf`, { menu: menu.name }) : t(`${kind}.title`)}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.scopeName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        idleText={t('chooseMenu')}
        toolbarDisabled={menu === null}
        scrollX={scrollX}
      />
      {menu ? <Dialog key={dialogKey} menuId={menu.id} state={dialog} onClose={close} /> : null}
    </>
  );
}
