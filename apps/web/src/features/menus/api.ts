import { MENU_ENDPOINTS as E, type Menu } from '@macro/contract/menus';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../api/auth';
import { inputOf, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The menu screen's calls, made from the contract's endpoints. */

/** Every cached reading of the menus: a change may move a row from one to another. */
const lists = [E.list, E.lazyList, E.lazyMenuList, E.menuList, E.tree];
const detailInput = (id: number) => ({ query: { id } });

/** The signed-in user's sidebar and buttons come from the menus: they are read again after a change. */
function refreshSession(client: QueryClient) {
  void client.invalidateQueries({ queryKey: authKeys.menus() });
  void client.invalidateQueries({ queryKey: authKeys.permissions() });
}

export const useMenuDetail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });

/** Menus (no buttons) for the parent picker. */
export const useMenuTree = () => useEndpointQuery(E.tree, {});

export function useSubmitMenu() {
  const client = useQueryClient();
  const save = useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });
  return {
    ...save,
    mutateAsync: (input: Parameters<typeof save.mutateAsync>[0]) =>
      save.mutateAsync(input).then((saved) => {
        refreshSession(client);
        return saved;
      }),
  };
}

/** Details and child levels of removed entries are dropped, not refetched: the entries are gone. */
function isAboutRemoved(key: QueryKey, ids: readonly number[]): boolean {
  const detail = inputOf(E.detail, key)?.query.id;
  const parent = inputOf(E.lazyList, key)?.query.parentId;
  return ids.includes(Number(detail ?? parent ?? Number.NaN));
}

export function useRemoveMenus() {
  const client = useQueryClient();
  const confirmRemove = useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (menu: Menu) => menu.name,
    messages: { one: 'menus:remove.one', many: 'menus:remove.many' },
    lists,
    forget: isAboutRemoved,
    testId: 'menu-remove-confirm',
  });
  return (rows: readonly Menu[], onRemoved?: (ids: number[]) => void) =>
    confirmRemove(rows, (ids) => {
      refreshSession(client);
      onRemoved?.(ids);
    });
}
