import { DESKTOP_ENDPOINTS as E, type DesktopScheme, VISUAL_ENDPOINTS as V } from '@macro/contract/desktop';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, queriesOf, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The desktop screen's calls, made from the contract's endpoints. */

/** Lists a change can alter: the schemes, the home pages on offer and the viewer's own home page. */
const lists = [E.list, V.choices, V.released, V.current];

function useRefreshing<X extends typeof E.create | typeof E.update | typeof E.copy | typeof E.setDefault | typeof E.setNew>(endpoint: X) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, { onSuccess: () => void client.invalidateQueries(queriesOf([...lists, E.detail, E.history])) });
}
export const useCreateDesktop = () => useRefreshing(E.create);
export const useUpdateDesktop = () => useRefreshing(E.update);
export const useCopyDesktop = () => useRefreshing(E.copy);
export const useDefaultDesktop = () => useRefreshing(E.setDefault);
export const useSetNewVersion = () => useRefreshing(E.setNew);

export const useDesktop = (id: number | undefined) => useEndpointQuery(E.detail, { params: { id: String(id ?? 0) } }, { enabled: id !== undefined });
export const useDesktopHistory = (id: number | undefined) =>
  useEndpointQuery(E.history, { query: { schemeId: String(id ?? 0) } }, { enabled: id !== undefined });
export const useDesktopVersion = (id: number | undefined, version: number | undefined) =>
  useEndpointQuery(
    E.content,
    { params: { id: String(id ?? 0) }, query: { version: String(version ?? 1) } },
    { enabled: id !== undefined && version !== undefined },
  );

export function useRemoveDesktop() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) } }),
    nameOf: (scheme: DesktopScheme) => scheme.name,
    messages: { one: 'desktop:remove.one', many: 'desktop:remove.one' },
    lists,
    testId: 'desktop-remove-confirm',
  });
}

// ---------------------------------------------------------------- home pages

/** The viewer's home page: their choice, else the default, else none. */
export const useCurrentHome = () => useEndpointQuery(V.current, { query: {} }, { retry: false });
/** The home pages the viewer may choose. */
export const useHomeChoices = () => useEndpointQuery(V.choices, { query: { limit: 1, size: 100 } }, { retry: false });

export function useChooseHome() {
  const client = useQueryClient();
  return useEndpointMutation(V.choose, {
    toInput: (id: number) => ({ params: { id: String(id) }, query: {} }),
    onSuccess: (home) => client.setQueryData(endpointKey(V.current, { query: {} }), home),
  });
}

/** Who a home page is offered to (one kind of object), and the calls that change it. */
export const useRelations = (visualId: number, objectType: 'user' | 'role' | 'post' | 'dept') =>
  useEndpointQuery(V.relations, { params: { visualId: String(visualId), objectType } });

export function useRelationChange() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries(queriesOf([V.relations, V.choices, V.current]));
  const relate = useEndpointMutation(V.relate, { onSuccess: refresh });
  const unrelate = useEndpointMutation(V.unrelate, { onSuccess: refresh, toInput: (ids: number[]) => ({ query: { ids: ids.join(',') } }) });
  return { relate, unrelate };
}
