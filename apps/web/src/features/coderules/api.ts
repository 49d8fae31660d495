import { CODE_RULE_ENDPOINTS as E, type CodeRule } from '@macro/contract/coderules';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The code rules screen's calls, made from the contract's endpoints. */

const lists = [E.list, E.all];

export const useCreateCodeRule = () => useSaveRecord(E.create, { lists });
export const useUpdateCodeRule = () => useSaveRecord(E.update, { lists });

/** Takes a rule's next number (it is used up, whether or not anyone keeps it); the list then shows it as the last taken. */
export function useTakeNumber() {
  const client = useQueryClient();
  return useEndpointMutation(E.gen, { onSuccess: () => void client.invalidateQueries(queriesOf(lists)) });
}

export function useRemoveCodeRule() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (record: CodeRule) => record.name,
    messages: { one: 'coderules:remove.one', many: 'coderules:remove.one' },
    lists,
    testId: 'code-rule-remove-confirm',
  });
}
