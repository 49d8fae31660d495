import { DICT_PERMISSIONS, type DictEntry, type DictKind } from '@macro/contract/dict';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { dictEndpoints, useRemoveDict } from './api';
import { childColumns, parentColumns } from './columns';
import type { DictDialogState } from './types';

const P = DICT_PERMISSIONS;

interface DictSearch extends Record<string, string | undefined> {
  code?: string;
  dictValue?: string;
}

function useSearchFields(): SearchField[] {
  const { t } = useTranslation('dict');
  return [
    { name: 'code', label: t('field.code'), placeholder: t('search.codePlaceholder') },
    { name: 'dictValue', label: t('field.dictValue'), placeholder: t('search.namePlaceholder') },
  ];
}

function useRowActions(open: (state: DictDialogState) => void, level: DictDialogState['level'], onRemove: (row: DictEntry) => void) {
  const { t } = useTranslation('dict');
  const actions: RowAction<DictEntry>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', level, record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', level, record }) },
  ];
  if (level === 'child') {
    actions.push({ key: 'add-child', label: t('action.addChild'), permission: P.add, onClick: (parent) => open({ mode: 'create', level, parent }) });
  }
  actions.push({ key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: onRemove });
  return actions;
}

interface ParentListProps {
  kind: DictKind;
  selected: DictEntry | null;
  onSelect: (entry: DictEntry | null) => void;
  onOpenDialog: (state: DictDialogState) => void;
}

/** The dictionaries (top level); choosing one shows its entries beside it. */
export function ParentDictList({ kind, selected, onSelect, onOpenDialog }: ParentListProps) {
  const { t } = useTranslation('dict');
  const list = useCrudList<ReturnType<typeof dictEndpoints>['parentList'], DictSearch>(dictEndpoints(kind).parentList);
  const confirmRemove = useRemoveDict(kind);
  const afterRemove = (ids: number[]) => {
    list.forget(ids);
    if (selected && ids.includes(selected.id)) onSelect(null);
  };
  const search = useSearchFields();
  const rowActions = useRowActions(onOpenDialog, 'parent', (row) => confirmRemove([row], afterRemove));
  return (
    <CrudList<DictEntry, DictSearch>
      testId="dict-parent"
      title={t('parent.title')}
      list={list}
      search={search}
      columns={parentColumns(t)}
      rowLabel={(row) => row.dictValue}
      add={{ permission: P.add, onClick: () => onOpenDialog({ mode: 'create', level: 'parent' }) }}
      batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), afterRemove) }}
      rowActions={rowActions}
      activeRow={{ key: selected?.id, onActivate: onSelect }}
      scrollX={640}
    />
  );
}

interface ChildListProps {
  kind: DictKind;
  parent: DictEntry | null;
  onOpenDialog: (state: DictDialogState) => void;
}

/** The chosen dictionary's entries as a tree. Keyed by the parent, so another parent starts on page 1 with nothing selected. */
export function ChildDictList({ kind, parent, onOpenDialog }: ChildListProps) {
  const { t } = useTranslation('dict');
  const list = useCrudList<ReturnType<typeof dictEndpoints>['childList'], DictSearch>(dictEndpoints(kind).childList, {
    query: { parentId: parent?.id ?? 0 },
    enabled: parent !== null,
  });
  const confirmRemove = useRemoveDict(kind);
  const search = useSearchFields();
  const rowActions = useRowActions(onOpenDialog, 'child', (row) => confirmRemove([row], list.forget));
  return (
    <CrudList<DictEntry, DictSearch>
      testId="dict-child"
      title={parent ? t('child.title', { name: parent.dictValue }) : t('child.titleEmpty')}
      list={list}
      search={search}
      columns={childColumns(t)}
      rowLabel={(row) => row.dictValue}
      add={{ permission: P.add, onClick: () => parent && onOpenDialog({ mode: 'create', level: 'child', parent }) }}
      batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list, true), list.forget) }}
      rowActions={rowActions}
      tree
      toolbarDisabled={!parent}
      idleText={<Empty description={t('child.pickParent')} />}
      scrollX={900}
    />
  );
}
