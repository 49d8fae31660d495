import { NOTICE_CATEGORY_KEYS, NOTICE_ENDPOINTS as E, type UnreadCounts } from '@macro/contract/notices';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, queriesOf } from '../../api/endpoint';

/** The bell's categories: notices, messages, mail. */
export const CATEGORIES = [1, 2, 3] as const;
export type Category = (typeof CATEGORIES)[number];
export const keyOf = (category: Category) => NOTICE_CATEGORY_KEYS[category - 1];

/** Puts fresh unread counts in the cache and reloads the tabs' lists (their read marks changed). */
export function useAfterRead() {
  const client = useQueryClient();
  return (counts: UnreadCounts) => {
    client.setQueryData(endpointKey(E.unread, {}), counts);
    void client.invalidateQueries(queriesOf(E.inbox));
  };
}
