import { API_SCOPE_ENDPOINTS as A, type ApiScope, DATA_SCOPE_ENDPOINTS as D, type DataScope } from '@macro/contract/scopes';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The scope screens' calls, made from the contract's endpoints. */

const detailInput = (id: number) => ({ query: { id } });
const dataLists = [D.list, D.grantTree];
const apiLists = [A.list, A.grantTree];

export const useDataScopeMenus = () => useEndpointQuery(D.menuTree, {});
export const useApiScopeMenus = () => useEndpointQuery(A.menuTree, {});
export const useDataResources = () => useEndpointQuery(D.resources, {});

export const useDataScopeDetail = (id: number | undefined) => useEndpointQuery(D.detail, detailInput(id ?? 0), { enabled: id !== undefined });
export const useApiScopeDetail = (id: number | undefined) => useEndpointQuery(A.detail, detailInput(id ?? 0), { enabled: id !== undefined });

export const useSaveDataScope = () => useSaveRecord(D.save, { detail: { endpoint: D.detail, input: detailInput }, lists: dataLists });
export const useUpdateDataScope = () => useSaveRecord(D.update, { detail: { endpoint: D.detail, input: detailInput }, lists: dataLists });
export const useSubmitApiScope = () => useSaveRecord(A.submit, { detail: { endpoint: A.detail, input: detailInput }, lists: apiLists });

export function useRemoveDataScopes() {
  return useConfirmRemove({
    endpoint: D.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (scope: DataScope) => scope.scopeName,
    messages: { one: 'scopes:remove.one', many: 'scopes:remove.many' },
    lists: dataLists,
    testId: 'data-scope-remove-confirm',
  });
}

export function useRemoveApiScopes() {
  return useConfirmRemove({
    endpoint: A.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (scope: ApiScope) => scope.scopeName,
    messages: { one: 'scopes:remove.one', many: 'scopes:remove.many' },
    lists: apiLists,
    testId: 'api-scope-remove-confirm',
  });
}
