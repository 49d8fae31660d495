import type { z } from 'zod';

/** A permission code, `domain:action`; menus and buttons carry it, roles grant it. */
export type PermissionCode = `${string}:${string}`;

/**
 * Who may call an endpoint: anyone, any signed-in user, holders of a code, or, for a submit
 * that creates without an id and updates with one, holders of the matching code. `optional`:
 * anyone, but a token that is sent must be valid, and then the call runs as its user; the
 * handler decides what a call without one may do (a tenant's anonymous interfaces).
 */
export type Access = 'public' | 'optional' | 'authenticated' | PermissionCode | { create: PermissionCode; update: PermissionCode };

/** Failure statuses an endpoint can declare in its document. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, declared once: the server registers its route, validation, permission
 * and document from it, and the console makes typed calls with it.
 */
export interface Endpoint {
  /** Stable operation id, `domain.resource.action` (e.g. `dict.system.parentList`). */
  operationId: string;
  method: HttpMethod;
  /** Path under /api, Fastify style for parameters (`/form-scheme/:id`). */
  path: string;
  /**
   * Other spellings of the path a client of the spec calls (`/departments/` with its trailing
   * slash): served by the same operation, left out of the API document.
   */
  aliases?: readonly string[];
  /** Domain tag in the API document. */
  tag: string;
  summary: string;
  description: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * How the body travels: JSON (default), an HTML form (OAuth token endpoint), or
   * multipart/form-data carrying one file (uploads: see `upload`).
   */
  bodyType?: 'json' | 'form' | 'multipart';
  /**
   * A multipart endpoint's file: the part named `file`, streamed to the server, refused past
   * `maxBytes` (413). `body` then checks the text parts, which come before the file, together
   * with `fileName`, the name the file part carries.
   */
  upload?: UploadRule;
  /** Schema of `data` in the success envelope (or of the whole body when `envelope` is false). */
  response: z.ZodType;
  /** False when the success body is not wrapped in the envelope (RFC 6749 token responses). */
  envelope?: boolean;
  /**
   * The token may also arrive in the HttpOnly token cookie (`TOKEN_COOKIE`), for links the
   * browser follows by itself (downloads, file previews). GET endpoints only: a change never
   * trusts a cookie alone (CSRF).
   */
  cookieAuth?: boolean;
  /**
   * False for a route the API document leaves out: the live calls of a tenant's custom
   * interfaces, which that tenant's own document describes one by one.
   */
  documented?: boolean;
  /** Failures beyond the ones every endpoint of its kind can give (400 for input, 401/403 for guarded ones). */
  failures?: readonly FailureStatus[];
}

export interface UploadRule {
  maxBytes: number;
}

/** The name of a multipart endpoint's file part. */
export const UPLOAD_FIELD = 'file';

/** Declares an endpoint, keeping its literal types for typed calls on both sides. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the input side of each schema (defaults may be left out). */
export type EndpointInput<E extends Endpoint> = {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: E['bodyType'] extends 'multipart' ? UploadInput<Input<E['body']>> : Input<E['body']>;
};

/** An upload's input: its text fields and the file (its name is the file's own unless given). */
export type UploadInput<Fields> = Omit<Fields, 'fileName'> & { file: Blob; fileName?: string };
/** What a caller gets back: the output side of the response schema. */
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;

/** The permission codes an access rule names. */
export function accessCodes(access: Access): PermissionCode[] {
  if (access === 'public' || access === 'optional' || access === 'authenticated') return [];
  return typeof access === 'string' ? [access] : [access.create, access.update];
}

/** The code a request needs: for create/update access, `update` when the body carries an id. */
export function requiredCode(access: Access, body: unknown): PermissionCode | null {
  if (access === 'public' || access === 'optional' || access === 'authenticated') return null;
  if (typeof access === 'string') return access;
  const id = (body as { id?: unknown } | null | undefined)?.id;
  return id === undefined || id === null || id === '' ? access.create : access.update;
}

/** Fills `:name` parameters of a path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
