import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/*
 * Text must be well-formed UTF-16. JSON's `\ud800` escape parses to half a surrogate pair as is;
 * PostgreSQL refuses one in jsonb (the audit trail) and text columns keep U+FFFD in its place, so
 * what was sent would either fail or not be what is kept. A value holding one is refused before
 * validation, in every route, whichever parser read it (JSON, form, query string, path).
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where a parsed request value holds text with an unpaired surrogate, in a string or an object
 * key at any depth: the field's dotted path ('' for the value itself), or null when it holds none.
 * Walked with a list, not recursion: a deeply nested body cannot overflow the stack.
 */
export function unpairedSurrogateAt(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (UNPAIRED.test(current)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      // A broken key is named by the object that holds it: the key itself cannot be shown.
      if (UNPAIRED.test(key)) return path;
      pending.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

/** Refuses (400, naming the field) a request whose path, query or body holds an unpaired surrogate. */
export function refuseUnpairedSurrogates(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { path: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const field = unpairedSurrogateAt(value);
      if (field !== null) throw badRequest('common.unpairedSurrogate', { field: field || part });
    }
  });
}
