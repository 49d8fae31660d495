import { PARAM_ENDPOINTS as E, type Param } from '@macro/contract/params';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The parameter screen's calls, made from the contract's endpoints. */

const lists = [E.page];

export const useCreateParam = () => useSaveRecord(E.create, { lists });
export const useUpdateParam = () => useSaveRecord(E.update, { lists });

export function useRemoveParams() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: Param) => row.paramName,
    messages: { one: 'params:remove.one', many: 'params:remove.many' },
    lists,
    testId: 'param-remove-confirm',
  });
}
