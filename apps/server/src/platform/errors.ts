import type { FailureProblem, MessageParams } from '@macro/contract';

/**
 * An error meant for a person: an HTTP status and a message key from the contract's
 * catalogue, translated into the request's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: MessageParams = {},
    /** RFC 6749 error code, for the token endpoint. */
    readonly oauthError?: string,
    /** Every problem of a refused document, already in the request's language. */
    readonly problems: readonly FailureProblem[] = [],
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key = 'common.unauthorized') => new AppError(401, key);
export const forbidden = (code: string) => new AppError(403, 'common.forbidden', { code });
export const notFound = (key = 'common.notFound', params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: string, params?: MessageParams) => new AppError(409, key, params);
/** A rule of the domain refuses the change (the request itself is well-formed): 422 with the domain's message. */
export const unprocessable = (key: string, params?: MessageParams) => new AppError(422, key, params);

/** A unique index and the message (with parameters taken from the written values) it means. */
export interface UniqueMessage {
  constraint: string;
  message: string;
  /** Message parameter → property of the written row (camelCase) or column of the key (snake_case). */
  params?: Record<string, string>;
}

export interface DatabaseError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The database's own error (SQLSTATE, constraint, detail), also when the ORM wrapped it. */
export function databaseError(error: unknown): DatabaseError | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as DatabaseError;
    e = e.cause as typeof e;
  }
  return undefined;
}

const uniqueMessages = new Map<string, UniqueMessage>();
export function registerUniqueMessages(messages: readonly UniqueMessage[]): void {
  for (const message of messages) uniqueMessages.set(message.constraint, message);
}

/** Column values of a unique violation's detail, `Key (a, b)=(x, y) already exists.` (absent under row-level security). */
function conflictingKey(detail: string | undefined): Record<string, string> {
  const match = detail?.match(/^Key \((.+?)\)=\((.*)\) already exists/);
  if (!match) return {};
  const columns = match[1].split(', ');
  const values = match[2].split(', ');
  return columns.length === values.length ? Object.fromEntries(columns.map((column, i) => [column, values[i]])) : {};
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A unique violation as the owning domain's 409 (never the SQL or its parameters): parameters
 * come from the values that were written when the caller knows them, else from the error detail.
 */
export function uniqueViolation(error: DatabaseError, written: Record<string, unknown> = {}): AppError | undefined {
  const known = error.constraint ? uniqueMessages.get(error.constraint) : undefined;
  if (!known) return undefined;
  const key = conflictingKey(error.detail);
  const params: MessageParams = {};
  for (const [param, field] of Object.entries(known.params ?? {})) {
    const value = written[field] ?? key[snake(field)] ?? key[field];
    params[param] = value === undefined ? '…' : String(value);
  }
  return conflict(known.message, params);
}
