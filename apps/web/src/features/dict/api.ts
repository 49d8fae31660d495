import { DICT_ENDPOINTS, type DictEntry, type DictKind } from '@macro/contract/dict';
import type { QueryKey } from '@tanstack/react-query';
import { inputOf, useEndpointQuery } from '../../api/endpoint';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';
import { useSaveRecord } from '../../components/crud/crudCache';

/*
 * The dictionary screen's calls, made from the contract's endpoints; query keys are the
 * endpoints' operation ids (`dict.system.parentList`, …) with their input.
 */

export const dictEndpoints = (kind: DictKind) => DICT_ENDPOINTS[kind];

const detailInput = (id: number) => ({ query: { id } });

/** The lists a saved or removed entry may sit in. */
const listsOf = (kind: DictKind) => [DICT_ENDPOINTS[kind].parentList, DICT_ENDPOINTS[kind].childList];

/** One entry as the server has it now (the dialog shows it over the table's copy). */
export function useDictDetail(kind: DictKind, id: number | undefined) {
  return useEndpointQuery(DICT_ENDPOINTS[kind].detail, detailInput(id ?? 0), { enabled: id !== undefined });
}

/** Tree of one dictionary (by code) for the parent picker. */
export function useDictTree(kind: DictKind, code: string, enabled = true) {
  return useEndpointQuery(DICT_ENDPOINTS[kind].tree, { query: { code } }, { enabled });
}

/** Create or update; the answer goes straight into the detail and the lists. */
export function useSubmitDict(kind: DictKind) {
  const endpoints = DICT_ENDPOINTS[kind];
  return useSaveRecord(endpoints.submit, { detail: { endpoint: endpoints.detail, input: detailInput }, lists: listsOf(kind) });
}

/** Details and child lists of removed entries are dropped, not refetched: the entries are gone. */
function isAboutRemoved(kind: DictKind, key: QueryKey, ids: readonly number[]): boolean {
  const endpoints = DICT_ENDPOINTS[kind];
  const detail = inputOf(endpoints.detail, key)?.query.id;
  const parent = inputOf(endpoints.childList, key)?.query.parentId;
  return ids.includes(Number(detail ?? parent ?? Number.NaN));
}

export function useRemoveDict(kind: DictKind) {
  return useConfirmRemove({
    endpoint: DICT_ENDPOINTS[kind].remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (entry: DictEntry) => entry.dictValue,
    messages: { one: 'dict:remove.one', many: 'dict:remove.many' },
    lists: listsOf(kind),
    forget: (key, ids) => isAboutRemoved(kind, key, ids),
    testId: 'dict-remove-confirm',
  });
}
