import { SPECIAL_MENU_ENDPOINTS as E, type SpecialMenu } from '@macro/contract/specialmenus';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The special-menu screen's calls, made from the contract's endpoints. */

const lists = [E.page, E.launchable];

export const useCreateSpecialMenu = () => useSaveRecord(E.create, { lists });
export const useUpdateSpecialMenu = () => useSaveRecord(E.update, { lists });

export function useRemoveSpecialMenus() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (menu: SpecialMenu) => menu.menuName,
    messages: { one: 'specialmenus:remove.one', many: 'specialmenus:remove.many' },
    lists,
    testId: 'special-menu-remove-confirm',
  });
}
