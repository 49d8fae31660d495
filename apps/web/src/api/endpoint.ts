import { API_PREFIX, type Endpoint, type EndpointInput, type EndpointResult, fillPath, UPLOAD_FIELD } from '@macro/contract';
import { type QueryFilters, type QueryKey, type UseMutationOptions, type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from './http';

/*
 * Typed calls made from the contract's endpoint definitions: method, path, parameters, query
 * and body come from the endpoint, so a domain writes no fetch code and no query keys.
 * Only types, `fillPath` and `UPLOAD_FIELD` are taken from the contract here; the endpoint objects (and their
 * zod schemas) are imported by the features that call them, never by the sign-in page.
 */

type QueryValue = string | number | boolean | null | undefined;

/** A query string is text: wherever the contract reads digits from a string, a number may be given. */
type LooseQuery<Q> = Q extends object ? { [K in keyof Q]: Q[K] extends string | undefined ? Q[K] | number : Q[K] } : Q;

/** Leaves out the parts an endpoint does not have (no `params: undefined` to write). */
type Present<T> = { [K in keyof T as [T[K]] extends [undefined] ? never : K]: T[K] };

/** What a caller passes: the contract's `EndpointInput<E>`, without the absent parts. */
export type CallInput<E extends Endpoint> = Present<{
  params: EndpointInput<E>['params'];
  query: LooseQuery<EndpointInput<E>['query']>;
  body: EndpointInput<E>['body'];
}>;

export interface CallInit {
  signal?: AbortSignal;
}

interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Calls one endpoint; resolves with the envelope's `data` (or the bare body for `envelope: false`). */
export function callEndpoint<E extends Endpoint>(endpoint: E, input: CallInput<E>, init: CallInit = {}): Promise<EndpointResult<E>> {
  const { params, query, body } = input as AnyInput;
  return request<EndpointResult<E>>(fillPath(endpoint.path, params), {
    method: endpoint.method,
    query,
    ...(body === undefined ? {} : bodyOption(endpoint, body)),
    envelope: endpoint.envelope !== false,
    signal: init.signal,
  });
}

/** How a body travels: as JSON, an HTML form, or multipart with the file last (the server reads the text parts first). */
function bodyOption(endpoint: Endpoint, body: unknown) {
  if (endpoint.bodyType === 'form') return { form: body as Record<string, string> };
  if (endpoint.bodyType !== 'multipart') return { json: body };
  const { file, fileName, ...fields } = body as { file: Blob; fileName?: string } & Record<string, unknown>;
  const multipart = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) multipart.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  multipart.append(UPLOAD_FIELD, file, fileName ?? (file as File).name);
  return { multipart };
}

/**
 * The address of a GET endpoint for the browser to load by itself (`<img src>`, a download link,
 * `window.open`): the HttpOnly token cookie signs it in, so no token goes in the URL. Only
 * endpoints that declare `cookieAuth` take the cookie; any other would answer 401.
 */
export function browserUrl<E extends Endpoint>(endpoint: E, params: Record<string, string | number>, query: Record<string, string | number> = {}): string {
  if (!endpoint.cookieAuth || endpoint.method !== 'GET') throw new Error(`${endpoint.operationId} does not take the token cookie`);
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${API_PREFIX}${fillPath(endpoint.path, params)}${search ? `?${search}` : ''}`;
}

/** Query key of one call: the endpoint's operation id, then its input. */
export function endpointKey<E extends Endpoint>(endpoint: E, input?: CallInput<E>): QueryKey {
  return input === undefined ? [endpoint.operationId] : [endpoint.operationId, input];
}

/** The input a cached query of `endpoint` was made with, or undefined when the key is another's. */
export function inputOf<E extends Endpoint>(endpoint: E, key: QueryKey): CallInput<E> | undefined {
  return key[0] === endpoint.operationId ? (key[1] as CallInput<E>) : undefined;
}

/** Filter for the cached queries of any of these endpoints, optionally narrowed by their input. */
export function queriesOf<E extends Endpoint>(endpoints: E | readonly E[], where?: (input: CallInput<E>, endpoint: E) => boolean): QueryFilters {
  const list: readonly E[] = Array.isArray(endpoints) ? endpoints : [endpoints as E];
  return {
    predicate: (query) => {
      const endpoint = list.find((e) => e.operationId === query.queryKey[0]);
      return endpoint !== undefined && (!where || where(query.queryKey[1] as CallInput<E>, endpoint));
    },
  };
}

export type EndpointQueryOptions<E extends Endpoint, TData = EndpointResult<E>> = Omit<
  UseQueryOptions<EndpointResult<E>, Error, TData>,
  'queryKey' | 'queryFn'
>;

/** A query of one endpoint, keyed by its operation id and input. */
export function useEndpointQuery<E extends Endpoint, TData = EndpointResult<E>>(
  endpoint: E,
  input: CallInput<E>,
  options: EndpointQueryOptions<E, TData> = {},
) {
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { signal }),
    ...options,
  });
}

export type EndpointMutationOptions<E extends Endpoint, TVariables, TContext> = Omit<
  UseMutationOptions<EndpointResult<E>, Error, TVariables, TContext>,
  'mutationFn'
>;

/**
 * A mutation of one endpoint. Variables are the call's input, or anything `toInput` turns
 * into it (e.g. a list of ids for a remove call).
 */
export function useEndpointMutation<E extends Endpoint, TVariables = CallInput<E>, TContext = unknown>(
  endpoint: E,
  options: EndpointMutationOptions<E, TVariables, TContext> & { toInput?: (variables: TVariables) => CallInput<E> } = {},
) {
  const { toInput, ...rest } = options;
  return useMutation({
    mutationKey: [endpoint.operationId],
    mutationFn: (variables: TVariables) => callEndpoint(endpoint, toInput ? toInput(variables) : (variables as unknown as CallInput<E>)),
    ...rest,
  });
}
