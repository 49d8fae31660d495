import { NOTICE_ENDPOINTS as E, type Notice } from '@macro/contract/notices';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation } from '../../api/endpoint';
import { cacheSavedRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The notice screen's calls. What the bell shows changes with them: its queries are reloaded too. */

const lists = [E.page];
const inboxQueries = queriesOf([E.inbox, E.unread]);

export function useSaveNotice<T extends typeof E.create | typeof E.update>(endpoint: T) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    onSuccess: (saved) => {
      cacheSavedRecord(client, saved, { lists });
      void client.invalidateQueries(inboxQueries);
    },
  });
}

export function usePublishNotice() {
  const client = useQueryClient();
  return useEndpointMutation(E.publish, {
    toInput: (notice: Notice) => ({ params: { id: String(notice.id) } }),
    onSuccess: (saved) => {
      cacheSavedRecord(client, saved, { lists });
      void client.invalidateQueries(inboxQueries);
    },
  });
}

export function useRemoveNotice() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (notice: Notice) => notice.title,
    messages: { one: 'notices:remove.one', many: 'notices:remove.one' },
    lists,
    testId: 'notice-remove-confirm',
  });
}
