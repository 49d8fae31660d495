import { ROLE_ENDPOINTS, type RoleRecord } from '@macro/contract/roles';
import { USER_ENDPOINTS } from '@macro/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/*
 * The role screen's calls; query keys are the endpoints' operation ids (`roles.list`, …) with
 * their input.
 */

const E = ROLE_ENDPOINTS;
/** Everything that shows roles: the tree list, the pickers, the pages. */
const LISTS = [E.list, E.tree, E.treeById, E.page, E.all];
const detailInput = (id: number) => ({ params: { id: String(id) } });

export function useRoleDetail(id: number | undefined) {
  return useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });
}

/** Where a role may go: the tree without it and its descendants (or the whole tree for a new one). */
export function useParentTree(roleId: number | undefined) {
  const whole = useEndpointQuery(E.tree, { query: {} }, { enabled: roleId === undefined });
  const without = useEndpointQuery(E.treeById, { query: { roleId: roleId ?? 0 } }, { enabled: roleId !== undefined });
  return roleId === undefined ? whole : without;
}

export function useSubmitRole() {
  return useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists: LISTS });
}

export function useRemoveRoles() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (role: RoleRecord) => role.roleName,
    messages: { one: 'roles:remove.one', many: 'roles:remove.many' },
    lists: LISTS,
    testId: 'role-remove-confirm',
  });
}

export function useRoleUsers(roleId: number) {
  return useEndpointQuery(E.users, { params: { id: String(roleId) } });
}

/** Users whose account matches, for the member picker. */
export function useUserSearch(account: string) {
  return useEndpointQuery(USER_ENDPOINTS.page, { query: { account, size: 20 } }, { enabled: account.length > 0, meta: { silent: true } });
}

export function useSetRoleUsers() {
  const client = useQueryClient();
  return useEndpointMutation(E.setUsers, {
    onSuccess: () => {
      void client.invalidateQueries(queriesOf([...LISTS, E.users, E.detail, USER_ENDPOINTS.page, USER_ENDPOINTS.detail]));
    },
  });
}
