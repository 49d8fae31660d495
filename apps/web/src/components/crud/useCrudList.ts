import { type Endpoint, type EndpointResult, PAGE_SIZE_DEFAULT, TOTAL_CAP } from '@macro/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type Key, useState } from 'react';
import { type CallInput, useEndpointQuery } from '../../api/endpoint';

/** The record type of a list endpoint's page. */
export type RowOf<E extends Endpoint> = EndpointResult<E> extends { records: readonly (infer R)[] } ? R : never;

/** A search form's values: text filters by field name; blank means no filter. */
export type ListSearch = Record<string, string | undefined>;

export interface CrudListOptions {
  /** Fixed filters the list always sends (e.g. the parent whose children it shows). */
  query?: Record<string, string | number>;
  /** Path parameters of a list under a resource (`/tenant/:id/users`). */
  params?: Record<string, string>;
  /** False while the list has nothing to show (no parent chosen yet). */
  enabled?: boolean;
}

/** What the kit reads of a page (the contract's `Page`). */
export interface ListPage<T> {
  records: T[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

export interface CrudListState<Row, S extends ListSearch = ListSearch> {
  search: S;
  /** Page number (1-based), deep pages included. */
  current: number;
  size: number;
  /** Rows before this page (the index column counts from here). */
  offset: number;
  /** Whether this page was read by cursor, past the numbered pages. */
  deep: boolean;
  data: ListPage<Row> | undefined;
  records: Row[];
  /** The query: loading, error and refetch. */
  result: { isFetching: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  enabled: boolean;
  selectedKeys: number[];
  onSearch(next: S): void;
  goTo(page: number, size: number): void;
  next(): void;
  previous(): void;
  select(keys: readonly Key[]): void;
  forget(ids: readonly number[]): void;
}

/** Pages numbered from 1 reach as far as the exactly counted rows; later pages go by cursor. */
export const lastNumberedPage = (size: number) => Math.ceil(TOTAL_CAP / size);

/**
 * The state of one list screen and the query that feeds it: search, page, row selection.
 * A new search starts again on page 1. Past the TOTAL_CAP rows that are counted, pages are read
 * by keyset (`nextCursor`): the pager then offers previous and next only.
 */
export function useCrudList<E extends Endpoint, S extends ListSearch = ListSearch>(
  endpoint: E,
  { query: fixed, params, enabled = true }: CrudListOptions = {},
): CrudListState<RowOf<E>, S> {
  const [search, setSearch] = useState<S>({} as S);
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  // Cursors of the pages past the numbered ones, deepest last.
  const [trail, setTrail] = useState<string[]>([]);
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);

  const deep = trail.length > 0;
  const current = deep ? lastNumberedPage(page.size) + trail.length : page.current;
  const input = {
    ...(params ? { params } : {}),
    query: { ...fixed, ...search, current, size: page.size, ...(deep ? { cursor: trail.at(-1) } : {}) },
  } as CallInput<E>;
  const result = useEndpointQuery(endpoint, input, {
    enabled,
    placeholderData: keepPreviousData,
    // The list shows its own failure with a retry; no toast on top of it.
    meta: { silent: true },
  });
  const data = enabled ? (result.data as ListPage<RowOf<E>> | undefined) : undefined;

  return {
    search,
    current,
    size: page.size,
    offset: (current - 1) * page.size,
    deep,
    data,
    records: data?.records ?? [],
    result,
    enabled,
    selectedKeys,
    onSearch(next: S) {
      setSearch(next);
      setTrail([]);
      setPage((p) => ({ ...p, current: 1 }));
    },
    goTo(next: number, size: number) {
      setTrail([]);
      setPage({ current: size === page.size ? next : 1, size });
    },
    next() {
      const cursor = data?.nextCursor;
      if (cursor) setTrail((t) => [...t, cursor]);
    },
    previous() {
      if (!deep) return;
      if (trail.length === 1) setPage((p) => ({ ...p, current: lastNumberedPage(p.size) }));
      setTrail((t) => t.slice(0, -1));
    },
    select(keys: readonly Key[]) {
      setSelectedKeys(keys.map(Number));
    },
    forget(ids: readonly number[]) {
      setSelectedKeys((keys) => keys.filter((key) => !ids.includes(key)));
    },
  };
}
