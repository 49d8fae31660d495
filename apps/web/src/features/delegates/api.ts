import { DELEGATE_ENDPOINTS as E, type Delegate } from '@macro/contract/delegates';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The delegate screen's calls, made from the contract's endpoints. */

const lists = [E.page];

export const useCreateDelegate = () => useSaveRecord(E.create, { lists });
export const useUpdateDelegate = () => useSaveRecord(E.update, { lists });

export function useRemoveDelegate() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (delegate: Delegate) => delegate.entrustedName,
    messages: { one: 'delegates:remove.one', many: 'delegates:remove.one' },
    lists,
    testId: 'delegate-remove-confirm',
  });
}
