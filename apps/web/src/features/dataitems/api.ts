import { DATA_ITEM_ENDPOINTS as E } from '@macro/contract/dataitems';
import { DICT_ENDPOINTS } from '@macro/contract/dict';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** Every list that shows data items: these calls' own and the system dictionary screen's (same rows). */
const SHOWN_IN = [E.tree, E.detailTree, E.details, E.info, ...Object.values(DICT_ENDPOINTS.system)].map((e) => e.operationId);

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all(SHOWN_IN.map((id) => client.invalidateQueries({ queryKey: [id] })));
}

export const useDataItemTree = () => useEndpointQuery(E.tree, {});
export const useDetailTree = (code: string | undefined, keyword: string) =>
  useEndpointQuery(E.detailTree, { params: { code: code ?? '' }, query: { keyword } }, { enabled: Boolean(code) });

export function useSaveDataItem() {
  const refresh = useRefresh();
  const create = useEndpointMutation(E.create, { onSuccess: refresh });
  const update = useEndpointMutation(E.update, { onSuccess: refresh });
  return { create, update };
}

export function useSaveDetail() {
  const refresh = useRefresh();
  const create = useEndpointMutation(E.createDetail, { onSuccess: refresh });
  const update = useEndpointMutation(E.updateDetail, { onSuccess: refresh });
  return { create, update };
}

export function useRemoveEntry() {
  const refresh = useRefresh();
  const item = useEndpointMutation(E.remove, { onSuccess: refresh });
  const detail = useEndpointMutation(E.removeDetail, { onSuccess: refresh });
  return { item, detail };
}
