import { DICT_ENDPOINTS, type DictKind } from '@macro/contract/dict';
import { useEndpointQuery } from './endpoint';

/** Options of one dictionary (CompanyNature, WorkflowCategory, …) for dropdowns anywhere in the console; none asked for without a code. */
export function useDictionary(kind: DictKind, code: string) {
  return useEndpointQuery(DICT_ENDPOINTS[kind].dictionary, { query: { code } }, { staleTime: 5 * 60_000, enabled: code !== '' });
}
