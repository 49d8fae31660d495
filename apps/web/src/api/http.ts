import { API_PREFIX, type FailureProblem } from '@macro/contract';
import { i18next } from '../i18n';
import { useSession } from '../session/store';

// Header names are spelled here rather than imported from the contract's auth module, whose zod
// schemas would then ride along into the sign-in page's bundle.

/** Spec 000 §9: requests give up after 40 s. */
export const REQUEST_TIMEOUT_MS = 40_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** The most specific code the server gave: error_code, then httpCode, then the HTTP status. */
  get code(): number {
    const body = asRecord(this.body);
    const code = body?.error_code ?? body?.httpCode;
    return typeof code === 'number' ? code : this.status;
  }

  /** Every problem of a refused document the server listed (a BPMN model's elements), else none. */
  get problems(): FailureProblem[] {
    const listed = asRecord(this.body)?.problems;
    if (!Array.isArray(listed)) return [];
    return listed.filter(
      (p): p is FailureProblem =>
        asRecord(p) !== null && ['elementType', 'elementId', 'code', 'message'].every((field) => typeof (p as Record<string, unknown>)[field] === 'string'),
    );
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  /** A multipart body (an upload); the browser writes its Content-Type with the boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for the token endpoint: its success body is plain RFC 6749 JSON, not the envelope. */
  envelope?: boolean;
  /** False when the caller deals with 401 itself (sign-in, token refresh). */
  handleUnauthorized?: boolean;
}

interface HttpHooks {
  /** Called when a 401 cannot be recovered: clear the session and go to /login. */
  onUnauthorized: () => void;
  /** Tries to renew the access token; resolves true when a retry makes sense. */
  refresh?: () => Promise<boolean>;
}

let hooks: HttpHooks = { onUnauthorized: () => {} };
let refreshing: Promise<boolean> | null = null;

export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/** What makes a response a failure, whatever its status says. */
export function isFailure(status: number, body: unknown): boolean {
  const record = asRecord(body);
  if (status !== 200) return true;
  if (!record) return false;
  if (record.success === false) return true;
  if (record.error_code !== undefined && record.error_code !== null && Number(record.error_code) !== 200) return true;
  return Number(record.httpCode) === 500;
}

/** The message for a person: sys_msg, else error_description, else "unknown error". */
export function failureMessage(body: unknown): string {
  const record = asRecord(body);
  for (const field of ['sys_msg', 'error_description'] as const) {
    const value = record?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return i18next.t('common:unknownError');
}

function isUnauthorized(status: number, body: unknown): boolean {
  const record = asRecord(body);
  return status === 401 || Number(record?.httpCode) === 401 || Number(record?.error_code) === 401;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

interface Sent {
  status: number;
  body: unknown;
  /** The access token the call carried: a 401 speaks only for that session. */
  token: string;
}

async function send(path: string, options: RequestOptions): Promise<Sent> {
  const { language, token } = useSession.getState();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers['Macro-Auth'] = `bearer ${token}`;
  let payload: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    payload = options.multipart;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.json);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
      headers: { ...headers, ...options.headers },
      body: payload,
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(i18next.t('common:requestTimeout'), 0, null);
    if (options.signal?.aborted) throw error;
    throw new ApiError(i18next.t('common:networkError'), 0, null);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, token };
}

function refreshOnce(): Promise<boolean> {
  if (!hooks.refresh) return Promise.resolve(false);
  refreshing ??= hooks.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * After a 401: true when a retry makes sense — the session has moved on since the call was sent
 * (a refresh or a new sign-in already happened), or a refresh now succeeds.
 */
async function renewed(sentWith: string): Promise<boolean> {
  const current = useSession.getState().token;
  if (current && current !== sentWith) return true;
  return refreshOnce().catch(() => false);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let { status, body, token } = await send(path, options);
  // The sign-in page itself (also under a host's base path) handles its own 401s.
  const guarded = options.handleUnauthorized !== false && !window.location.pathname.endsWith('/login');
  if (guarded && isUnauthorized(status, body) && (await renewed(token))) {
    ({ status, body, token } = await send(path, options));
  }
  if (isFailure(status, body)) {
    // A late 401 from a session already replaced must not sign the new one out.
    if (guarded && isUnauthorized(status, body) && token === useSession.getState().token) hooks.onUnauthorized();
    throw new ApiError(failureMessage(body), status, body);
  }
  if (options.envelope === false) return body as T;
  return asRecord(body)?.data as T;
}
