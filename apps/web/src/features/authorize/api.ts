import {
  APP_AUTHORIZE_ENDPOINTS as AA,
  APP_FUNC_ENDPOINTS as F,
  type AppFunc,
  type AuthorizeObjectType,
  DATA_AUTHORIZE_ENDPOINTS as D,
} from '@macro/contract/authorize';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The calls of data authorisation, app functions and app grants, made from the contract's endpoints. */

/** Who a grant dialog is for: a role or a user, with a name to show. */
export interface GrantSubject {
  objectType: AuthorizeObjectType;
  objectId: number;
  name: string;
}

const LISTS = [F.page, F.categoryTree];
const infoInput = (id: number) => ({ params: { id: String(id) } });

export function useDataAuthorize(subject: GrantSubject) {
  return useEndpointQuery(D.menu, { params: { objectId: String(subject.objectId), objectType: String(subject.objectType) } });
}

export function useSaveDataAuthorize() {
  const client = useQueryClient();
  return useEndpointMutation(D.save, { onSuccess: () => client.invalidateQueries({ queryKey: [D.menu.operationId] }) });
}

export const useAppFuncCategories = () => useEndpointQuery(F.categoryTree, {});

export function useAppAuthorize(subject: GrantSubject) {
  return useEndpointQuery(AA.view, { params: { objectType: String(subject.objectType), objectId: String(subject.objectId) } });
}

export function useSaveAppAuthorize() {
  const client = useQueryClient();
  return useEndpointMutation(AA.save, { onSuccess: () => client.invalidateQueries({ queryKey: [AA.view.operationId] }) });
}

export const useAppFuncInfo = (id: number | undefined) => useEndpointQuery(F.info, infoInput(id ?? 0), { enabled: id !== undefined });
export const useCreateAppFunc = () => useSaveRecord(F.create, { detail: { endpoint: F.info, input: infoInput }, lists: LISTS });
export const useUpdateAppFunc = () => useSaveRecord(F.update, { detail: { endpoint: F.info, input: infoInput }, lists: LISTS });

export function useRemoveAppFunc() {
  return useConfirmRemove({
    endpoint: F.remove,
    // One function per call: the spec's DELETE /app-func/{id}.
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (func: AppFunc) => func.name,
    messages: { one: 'authorize:remove.one', many: 'authorize:remove.one' },
    lists: LISTS,
    testId: 'app-func-remove-confirm',
  });
}
