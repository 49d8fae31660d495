import { CONSUMER_ENDPOINTS as E, type Consumer } from '@macro/contract/consumers';
import { useQueryClient } from '@tanstack/react-query';
import { inputOf, queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The consumer screen's calls, made from the contract's endpoints. */

const lists = [E.page];
const detailInput = (id: number) => ({ query: { id } });

export const useConsumerDetail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });

export const useSubmitConsumer = () => useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });

export function useSetConsumerStatus() {
  const client = useQueryClient();
  return useEndpointMutation(E.status, {
    toInput: ({ ids, status }: { ids: number[]; status: 0 | 1 }) => ({ body: { ids, status } }),
    onSuccess: () => void client.invalidateQueries(queriesOf([...lists, E.detail])),
  });
}

export function useRemoveConsumers() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (consumer: Consumer) => consumer.account,
    messages: { one: 'consumers:remove.one', many: 'consumers:remove.many' },
    lists,
    forget: (key, ids) => ids.includes(Number(inputOf(E.detail, key)?.query.id ?? Number.NaN)),
    testId: 'consumer-remove-confirm',
  });
}
