import type { Endpoint } from '@macro/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type CallInput, endpointKey, queriesOf, useEndpointMutation } from '../../api/endpoint';
import { removeFromTree, replaceInTree } from './treeRows';

interface Identified {
  id: number;
}

interface CachedPage {
  records: Identified[];
}

const isPage = (value: unknown): value is CachedPage => typeof value === 'object' && value !== null && Array.isArray((value as CachedPage).records);

/** Where a saved record shows: its detail query and the lists it may sit in (at any depth of a tree). */
export interface SavedRecordTargets<D extends Endpoint> {
  detail?: { endpoint: D; input: (id: number) => CallInput<D> };
  lists: readonly Endpoint[];
}

/**
 * Puts the server's answer to a save where the screens read it: the record's detail, and its
 * row in every cached list. The lists are then refetched in the background (a new record's
 * place, a changed order) — nobody waits for that.
 */
export function cacheSavedRecord<D extends Endpoint>(client: QueryClient, saved: Identified, targets: SavedRecordTargets<D>) {
  if (targets.detail) client.setQueryData(endpointKey(targets.detail.endpoint, targets.detail.input(saved.id)), saved);
  client.setQueriesData<unknown>(queriesOf(targets.lists), (page: unknown) => (isPage(page) ? { ...page, records: replaceInTree(page.records, saved) } : page));
  void client.invalidateQueries(queriesOf(targets.lists));
}

/**
 * Removed records leave the cache at once: queries about them (`forget`) are dropped, their rows
 * leave every cached list, and the lists are refetched in the background.
 */
export function cacheRemovedRecords(
  client: QueryClient,
  ids: readonly number[],
  { lists, forget }: { lists: readonly Endpoint[]; forget?: (key: QueryKey, ids: readonly number[]) => boolean },
) {
  if (forget) client.removeQueries({ predicate: (query) => forget(query.queryKey, ids) });
  client.setQueriesData<unknown>(queriesOf(lists), (page: unknown) => (isPage(page) ? { ...page, records: removeFromTree(page.records, ids) } : page));
  void client.invalidateQueries(queriesOf(lists));
}

/** A create-or-update call whose answer updates the cache (see cacheSavedRecord). */
export function useSaveRecord<E extends Endpoint, D extends Endpoint>(endpoint: E, targets: SavedRecordTargets<D>) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    onSuccess: (saved) => cacheSavedRecord(client, saved as Identified, targets),
  });
}
