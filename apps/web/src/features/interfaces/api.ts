import { DATA_SOURCE_ENDPOINTS } from '@macro/contract/datasources';
import { INTERFACE_ENDPOINTS as E, type InterfaceCategoryNode, type InterfaceInfo, OPEN_PREFIX } from '@macro/contract/interfaces';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../api/http';
import { useEndpointQuery } from '../../api/endpoint';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The interfaces screen's calls, made from the contract's endpoints. */

const lists = [E.page, E.all];
const idInput = (id: number) => ({ params: { id: String(id) } });

export const useCategoryTree = () => useEndpointQuery(E.categoryTree, {});

/** A category saved (its tree read again) — and the interface list, whose rows name their category. */
export const useSubmitCategory = () => useSaveRecord(E.categorySubmit, { lists: [E.categoryTree, E.page] });

export function useRemoveCategory() {
  return useConfirmRemove({
    endpoint: E.categoryRemove,
    // One category at a time: its remove call names one id.
    toInput: (ids) => idInput(ids[0]),
    nameOf: (category: InterfaceCategoryNode) => category.name,
    messages: { one: 'interfaces:category.removeOne', many: 'interfaces:category.removeOne' },
    lists: [E.categoryTree],
    testId: 'interface-category-remove-confirm',
  });
}

export const useInterfaceDetail = (id: number | undefined) => useEndpointQuery(E.detail, idInput(id ?? 0), { enabled: id !== undefined });

const saved = { detail: { endpoint: E.detail, input: idInput }, lists };
export const useCreateInterface = () => useSaveRecord(E.create, saved);
export const useUpdateInterface = () => useSaveRecord(E.update, saved);
/** Enabling or disabling answers the record: its row changes at once. */
export const useEnableInterface = () => useSaveRecord(E.enable, saved);
export const useDisableInterface = () => useSaveRecord(E.disable, saved);

export function useRemoveInterface() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => idInput(ids[0]),
    nameOf: (record: InterfaceInfo) => record.name,
    messages: { one: 'interfaces:remove.one', many: 'interfaces:remove.one' },
    lists,
    testId: 'interface-remove-confirm',
  });
}

/** The tenant's data sources, for the dialog's choice. */
export const useDataSourceChoices = () => useEndpointQuery(DATA_SOURCE_ENDPOINTS.all, {});

/** A data source with its declared parameters, for the "try it" panel. */
export const useDataSourceParameters = (id: number | null) =>
  useEndpointQuery(DATA_SOURCE_ENDPOINTS.detail, { params: { id: String(id ?? 0) } }, { enabled: id !== null });

/** What a live call answered: its HTTP status, how long it took, and its body as sent. */
export interface TryResult {
  status: number;
  millis: number;
  body: unknown;
}

/**
 * Calls an interface at its live address as the signed-in user (GET with the values in the query
 * string, POST with them as a JSON body) and answers whatever came back: a refusal (404 while
 * disabled, 422, 429…) is a result to show, not a failure. Only a call that never got an answer
 * (network, timeout) fails, and the query client says so.
 */
export function useTryInterface() {
  return useMutation({
    mutationFn: async ({ record, values }: { record: InterfaceInfo; values: Record<string, unknown> }): Promise<TryResult> => {
      const started = performance.now();
      const path = `${OPEN_PREFIX}/${record.path}`;
      const options =
        record.method === 'GET'
          ? { method: 'GET' as const, query: values as Record<string, string | number | boolean>, envelope: false }
          : { method: 'POST' as const, json: values, envelope: false };
      try {
        const body = await request<unknown>(path, options);
        return { status: 200, millis: Math.round(performance.now() - started), body };
      } catch (error) {
        if (error instanceof ApiError && error.status > 0) return { status: error.status, millis: Math.round(performance.now() - started), body: error.body };
        throw error;
      }
    },
  });
}
