import { USER_ENDPOINTS, type UserRecord } from '@macro/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { inputOf, queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/*
 * The user screen's calls, made from the contract's endpoints; query keys are the endpoints'
 * operation ids (`users.page`, …) with their input.
 */

const E = USER_ENDPOINTS;
const detailInput = (id: number) => ({ query: { id } });
/** The lists a saved or removed user may sit in. */
const LISTS = [E.page, E.restPage];

/** One user as the server has it now (the dialog shows it over the table's copy). */
export function useUserDetail(id: number | undefined) {
  return useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });
}

export function useSubmitUser() {
  return useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists: LISTS });
}

/** Refetches the lists and details after a change to users. */
function useRefreshUsers() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries(queriesOf([...LISTS, E.detail]));
  };
}

export function useSetEnabled() {
  const refresh = useRefreshUsers();
  return useEndpointMutation(E.enabled, {
    toInput: ({ id, enabled }: { id: number; enabled: boolean }) => ({ params: { id: String(id) }, body: { enabled } }),
    onSuccess: refresh,
  });
}

export function useGrantRoles() {
  const refresh = useRefreshUsers();
  return useEndpointMutation(E.grant, { onSuccess: refresh });
}

export function useRemoveUsers() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (user: UserRecord) => user.account,
    messages: { one: 'users:remove.one', many: 'users:remove.many' },
    lists: LISTS,
    forget: (key, ids) => ids.includes(Number(inputOf(E.detail, key)?.query.id ?? Number.NaN)),
    testId: 'user-remove-confirm',
  });
}
