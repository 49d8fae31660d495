import type { DICT_BASES, DictEntry, DictNode, DictOption, DictSubmit, DictTreeNode, Page } from '@macro/contract';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './http';

/** Either dictionary family: system (/macro-system/dict) or business (/dict-biz). */
export type DictBase = (typeof DICT_BASES)[keyof typeof DICT_BASES];

export interface DictSearch {
  code?: string;
  dictValue?: string;
}
export interface DictListQuery extends DictSearch {
  current: number;
  size: number;
}
export interface DictChildQuery extends DictListQuery {
  parentId: number;
}

export const dictKeys = {
  all: (base: DictBase) => ['dict', base] as const,
  parentList: (base: DictBase, query: DictListQuery) => [...dictKeys.all(base), 'parent-list', query] as const,
  childList: (base: DictBase, query: DictChildQuery) => [...dictKeys.all(base), 'child-list', query] as const,
  detail: (base: DictBase, id: number) => [...dictKeys.all(base), 'detail', id] as const,
  tree: (base: DictBase, code: string) => [...dictKeys.all(base), 'tree', code] as const,
  dictionary: (base: DictBase, code: string) => [...dictKeys.all(base), 'dictionary', code] as const,
};

/** The operations both families share; every call takes the family's base path. */
export const dictApi = {
  parentList: (base: DictBase, query: DictListQuery) =>
    request<Page<DictEntry>>(`${base}/parent-list`, { query: { ...query } }),
  childList: (base: DictBase, query: DictChildQuery) =>
    request<Page<DictNode>>(`${base}/child-list`, { query: { ...query } }),
  detail: (base: DictBase, id: number) => request<DictEntry>(`${base}/detail`, { query: { id } }),
  submit: (base: DictBase, body: DictSubmit) => request<DictEntry>(`${base}/submit`, { method: 'POST', json: body }),
  remove: (base: DictBase, ids: readonly number[]) =>
    request<unknown>(`${base}/remove`, { method: 'POST', query: { ids: ids.join(',') } }),
  tree: (base: DictBase, code: string) => request<DictTreeNode[]>(`${base}/tree`, { query: { code } }),
  dictionary: (base: DictBase, code: string) => request<DictOption[]>(`${base}/dictionary`, { query: { code } }),
};

export function useDictParentList(base: DictBase, query: DictListQuery) {
  return useQuery({
    queryKey: dictKeys.parentList(base, query),
    queryFn: () => dictApi.parentList(base, query),
    placeholderData: keepPreviousData,
  });
}

export function useDictChildList(base: DictBase, query: DictChildQuery | null) {
  return useQuery({
    queryKey: query ? dictKeys.childList(base, query) : [...dictKeys.all(base), 'child-list', 'none'],
    queryFn: () => (query ? dictApi.childList(base, query) : Promise.reject(new Error('no parent'))),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDictDetail(base: DictBase, id: number | undefined) {
  return useQuery({
    queryKey: dictKeys.detail(base, id ?? 0),
    queryFn: () => dictApi.detail(base, id ?? 0),
    enabled: id !== undefined,
  });
}

/** Tree of one dictionary (by code) for the parent picker; '' asks for all of them. */
export function useDictTree(base: DictBase, code: string, enabled = true) {
  return useQuery({
    queryKey: dictKeys.tree(base, code),
    queryFn: () => dictApi.tree(base, code),
    enabled,
  });
}

/** Options of one dictionary, for dropdowns elsewhere in the console. */
export function useDictionary(base: DictBase, code: string) {
  return useQuery({
    queryKey: dictKeys.dictionary(base, code),
    queryFn: () => dictApi.dictionary(base, code),
    staleTime: 5 * 60_000,
  });
}

export function useSubmitDict(base: DictBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DictSubmit) => dictApi.submit(base, body),
    onSuccess: () => client.invalidateQueries({ queryKey: dictKeys.all(base) }),
  });
}

/** Details and child lists of removed entries are dropped, not refetched: the entries are gone. */
function isAboutRemoved(key: QueryKey, ids: readonly number[]): boolean {
  if (key[2] === 'detail') return ids.includes(key[3] as number);
  const query = key[3] as Partial<DictChildQuery> | undefined;
  return key[2] === 'child-list' && ids.includes(query?.parentId ?? -1);
}

export function useRemoveDict(base: DictBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => dictApi.remove(base, ids),
    onSuccess: (_data, ids) => {
      client.removeQueries({ queryKey: dictKeys.all(base), predicate: (q) => isAboutRemoved(q.queryKey, ids) });
      return client.invalidateQueries({
        queryKey: dictKeys.all(base),
        predicate: (q) => !isAboutRemoved(q.queryKey, ids),
      });
    },
  });
}
