import { DATABASE_LINK_ENDPOINTS as E, type DatabaseLink } from '@macro/contract/databaselinks';
import { useQueryClient } from '@tanstack/react-query';
import { queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The database links screen's calls, made from the contract's endpoints. */

const lists = [E.list, E.groups];
const detailInput = (id: number) => ({ params: { id: String(id) } });

export const useDatabaseLinkDetail = (id: number | undefined) => useEndpointQuery(E.detail, detailInput(id ?? 0), { enabled: id !== undefined });

export const useSubmitDatabaseLink = () => useSaveRecord(E.submit, { detail: { endpoint: E.detail, input: detailInput }, lists });

export const useDatabaseLinkGroups = () => useEndpointQuery(E.groups, {});

/** A connection test: of the form as typed or of a saved link; the answer says whether and why. */
export const useTestDatabaseLink = () => useEndpointMutation(E.test);

export const useLinkedTree = (id: number | undefined) =>
  useEndpointQuery(E.tree, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined, retry: false });

export const useLinkedRows = (id: number | undefined, table: string | undefined, current: number, size: number) =>
  useEndpointQuery(
    E.rows,
    { params: { id: String(id ?? 0) }, query: { table: table ?? '', current, size } },
    { enabled: id !== undefined && !!table, retry: false },
  );

export function useRemoveDatabaseLinks() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (record: DatabaseLink) => record.name,
    messages: { one: 'databaselinks:remove.one', many: 'databaselinks:remove.many' },
    lists,
    testId: 'database-link-remove-confirm',
  });
}

export const useDrafts = (linkId: number | undefined) =>
  useEndpointQuery(E.drafts, { query: { linkId: String(linkId ?? 0) } }, { enabled: linkId !== undefined });
const useDraftsRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries(queriesOf([E.drafts]));
};
export const useSubmitDraft = () => useEndpointMutation(E.draftSubmit, { onSuccess: useDraftsRefresh() });
export const useRemoveDraft = () => useEndpointMutation(E.draftRemove, { onSuccess: useDraftsRefresh() });
/** What a release would run, and what stops it. */
export const usePlanRelease = () => useEndpointMutation(E.validateTable);
export const useRelease = () => useEndpointMutation(E.release, { onSuccess: useDraftsRefresh() });
