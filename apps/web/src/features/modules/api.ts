import { MENU_ENDPOINTS as M } from '@macro/contract/menus';
import { MODULE_ENDPOINTS as E, type ModuleRecord, type Subsystem } from '@macro/contract/modules';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../api/auth';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The module and subsystem screens' calls, made from the contract's endpoints. */

/** A module is a menu with buttons: the menu screen's lists and the user's own menus and codes are read again. */
const moduleLists = [E.list, E.all, E.ofSystem, E.subsystems];
const menuLists = [M.list, M.lazyList, M.lazyMenuList, M.menuList, M.tree];

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries(queriesOf(moduleLists));
    void client.invalidateQueries(queriesOf(menuLists));
    void client.invalidateQueries({ queryKey: authKeys.menus() });
    void client.invalidateQueries({ queryKey: authKeys.permissions() });
  };
}

export const useCreateModule = () => useEndpointMutation(E.create, { onSuccess: useRefresh() });
export const useUpdateModule = () => useEndpointMutation(E.update, { onSuccess: useRefresh() });
export const useCreateSubsystem = () => useEndpointMutation(E.createSubsystem, { onSuccess: useRefresh() });
export const useUpdateSubsystem = () => useEndpointMutation(E.updateSubsystem, { onSuccess: useRefresh() });
export const useSubsystems = () => useEndpointQuery(E.subsystems, {});

export function useRemoveModule() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (row: ModuleRecord) => row.name,
    messages: { one: 'modules:remove.module', many: 'modules:remove.module' },
    lists: moduleLists,
    testId: 'module-remove-confirm',
  });
}

export function useRemoveSubsystem() {
  return useConfirmRemove({
    endpoint: E.removeSubsystem,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (row: Subsystem) => row.name,
    messages: { one: 'modules:remove.subsystem', many: 'modules:remove.subsystem' },
    lists: moduleLists,
    testId: 'subsystem-remove-confirm',
  });
}
