import type { Endpoint, EndpointResult } from '@macro/contract';
import { type Key, useState } from 'react';
import { type CallInput, useEndpointQuery } from '../../api/endpoint';
import type { CrudListOptions, CrudListState, ListSearch } from './useCrudList';

/** The node type of an endpoint that answers a whole tree (an array of nodes with `children`). */
export type NodeOf<E extends Endpoint> = EndpointResult<E> extends readonly (infer R)[] ? R : never;

/**
 * The state of a list whose endpoint answers the whole tree at once (roles, departments): the
 * same shape as `useCrudList`, so `CrudList` shows it, on a single page counting the top-level rows.
 */
export function useTreeList<E extends Endpoint, S extends ListSearch = ListSearch>(
  endpoint: E,
  { query: fixed, enabled = true }: CrudListOptions = {},
): CrudListState<NodeOf<E>, S> {
  const [search, setSearch] = useState<S>({} as S);
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const input = { query: { ...fixed, ...search } } as CallInput<E>;
  const result = useEndpointQuery(endpoint, input, { enabled, meta: { silent: true } });
  const records = enabled ? ((result.data as NodeOf<E>[] | undefined) ?? []) : [];
  const data = enabled && result.data ? { records, total: records.length, totalExact: true, nextCursor: null } : undefined;
  return {
    search,
    current: 1,
    size: Math.max(records.length, 1),
    offset: 0,
    deep: false,
    data,
    records,
    result,
    enabled,
    selectedKeys,
    onSearch(next: S) {
      setSearch(next);
    },
    goTo() {},
    next() {},
    previous() {},
    select(keys: readonly Key[]) {
      setSelectedKeys(keys.map(Number));
    },
    forget(ids: readonly number[]) {
      setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
    },
  };
}
