import { MENU_ENDPOINTS as E, MENU_ROOT, type Menu, type MenuNode } from '@macro/contract/menus';
import { useQueries } from '@tanstack/react-query';
import { type Key, useState } from 'react';
import { callEndpoint, endpointKey, useEndpointQuery } from '../../api/endpoint';
import type { CrudListState } from '../../components/crud/useCrudList';

export interface MenuSearch extends Record<string, string | undefined> {
  name?: string;
  code?: string;
  alias?: string;
}

/** A row of the menu table: its children once its level is read (an empty list until then shows the expander). */
export type MenuRow = Menu & { children?: MenuRow[] };

const lazyInput = (parentId: number) => ({ query: { parentId } });

function fromTree(nodes: readonly MenuNode[]): MenuRow[] {
  return nodes.map(({ children, ...menu }) => (children.length ? { ...menu, children: fromTree(children) } : menu));
}

function idsWithChildren(rows: readonly MenuRow[]): number[] {
  return rows.flatMap((row) => (row.children?.length ? [row.id, ...idsWithChildren(row.children)] : []));
}

/**
 * The menu table's rows: one level at a time (`lazy-list`), each read when its parent opens;
 * a search reads the matches with the menus above them at once (`list`), all open.
 */
export function useMenuRows() {
  const [search, setSearch] = useState<MenuSearch>({});
  const [opened, setOpened] = useState<number[]>([]);
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const searching = Boolean(search.name || search.code || search.alias);

  const found = useEndpointQuery(E.list, { query: search }, { enabled: searching, meta: { silent: true } });
  const parents = searching ? [] : [MENU_ROOT, ...opened];
  const levels = useQueries({
    queries: parents.map((parentId) => ({
      queryKey: endpointKey(E.lazyList, lazyInput(parentId)),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(E.lazyList, lazyInput(parentId), { signal }),
      meta: { silent: true },
    })),
  });
  const byParent = new Map(parents.map((parentId, i) => [parentId, levels[i].data]));
  const level = (parentId: number): MenuRow[] =>
    (byParent.get(parentId) ?? []).map((menu) => (menu.hasChildren ? { ...menu, children: level(menu.id) } : menu));
  // A few hundred rows at most: rebuilt on each render rather than memoised over a changing list of levels.
  const records: MenuRow[] = searching ? fromTree(found.data ?? []) : level(MENU_ROOT);

  const top = searching ? found : levels[0];
  const list: CrudListState<MenuRow, MenuSearch> = {
    search,
    current: 1,
    size: Math.max(records.length, 1),
    offset: 0,
    deep: false,
    data: top?.data ? { records, total: records.length, totalExact: true, nextCursor: null } : undefined,
    records,
    result: {
      isFetching: searching ? found.isFetching : levels.some((level) => level.isFetching),
      isError: Boolean(top?.isError),
      error: top?.error ?? null,
      refetch: () => top?.refetch(),
    },
    enabled: true,
    selectedKeys,
    onSearch: (next) => {
      setSearch(next);
      setSelectedKeys([]);
    },
    goTo: () => {},
    next: () => {},
    previous: () => {},
    select: (keys: readonly Key[]) => setSelectedKeys(keys.map(Number)),
    forget: (ids) => {
      setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
      setOpened((keys) => keys.filter((key) => !ids.includes(key)));
    },
  };

  const expandable = {
    expandedRowKeys: searching ? idsWithChildren(records) : opened,
    onExpand: (open: boolean, row: MenuRow) => {
      if (searching) return;
      setOpened((keys) => (open ? [...keys.filter((key) => key !== row.id), row.id] : keys.filter((key) => key !== row.id)));
    },
  };
  /** Opens a row's level (after adding a child under it, so the new entry shows). */
  const open = (id: number) => setOpened((keys) => (keys.includes(id) ? keys : [...keys, id]));
  return { list, expandable, open };
}
