import { STAMP_ENDPOINTS as E, type Stamp } from '@macro/contract/stamps';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { cacheSavedRecord, useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The stamp screen's calls, made from the contract's endpoints. */

const lists = [E.page, E.usable];

export const useStampImage = (id: number | undefined) =>
  useEndpointQuery(E.image, { query: { id: id ?? 0 } }, { enabled: id !== undefined, staleTime: 5 * 60_000 });

export const useCreateStamp = () => useSaveRecord(E.create, { lists });
export const useUpdateStamp = () => useSaveRecord(E.update, { lists });

/** Enable, disable and set-default: each answers the changed stamp, put in the lists at once. */
export function useStampSwitch(endpoint: typeof E.enable | typeof E.disable | typeof E.setDefault) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    toInput: (stamp: Stamp) => ({ params: { id: String(stamp.id) } }),
    onSuccess: (saved) => cacheSavedRecord(client, saved, { lists }),
  });
}

export function useRemoveStamp() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (stamp: Stamp) => stamp.stampName,
    messages: { one: 'stamps:remove.one', many: 'stamps:remove.one' },
    lists,
    testId: 'stamp-remove-confirm',
  });
}
