import { useState } from 'react';
import type { CrudListState, ListSearch } from '../../components/crud/useCrudList';

interface TreeQuery<Row> {
  data: Row[] | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A whole tree (one call, no pages) in the shape the CRUD list reads: one page holding every
 * top-level row, the selection kept here.
 */
export function useTreeList<Row extends { id: number }>(query: TreeQuery<Row>, enabled: boolean): CrudListState<Row, ListSearch> {
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const records = enabled ? (query.data ?? []) : [];
  const size = Math.max(records.length, 10);
  return {
    search: {},
    current: 1,
    size,
    offset: 0,
    deep: false,
    data: enabled && query.data ? { records, total: records.length, totalExact: true, nextCursor: null } : undefined,
    records,
    result: { isFetching: query.isFetching, isError: query.isError, error: query.error, refetch: query.refetch },
    enabled,
    selectedKeys,
    onSearch: () => {},
    goTo: () => {},
    next: () => {},
    previous: () => {},
    select: (keys) => setSelectedKeys(keys.map(Number)),
    forget: (ids) => setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key))),
  };
}
