import { type Actor, rowsOf, type Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

/** Kind of a column a custom data-scope rule may test (which operators and values fit it). */
export type DataFieldKind = 'text' | 'number';

/**
 * What a domain declares about one of its resources so that data scopes narrow its list and
 * detail queries: which column of its table (aliased `t`) carries the row's creator, which its
 * department, and which columns an administrator's custom rule may test. The domain writes no
 * scope logic: it asks its route context for `dataScope(resource)` and ANDs the predicate in.
 */
export interface DataResource {
  /** Stable code data-scope rows name (`user`, `department`). */
  code: string;
  /** Column holding the id of the user who created the row (integer). */
  owner: string;
  /** Column holding the row's department id (integer); a department's own id for departments. */
  dept: string;
  /** Columns a custom rule may test, with their kind; nothing outside this list reaches SQL. */
  fields: Readonly<Record<string, DataFieldKind>>;
}

/**
 * Turns the actor's granted data scopes on a resource into one predicate on `t`. Provided by
 * the module that owns data scopes (module descriptor `dataScope`); the platform never knows
 * how scopes are stored, nor what a department tree is.
 */
export interface DataScopePort {
  /** The predicate on `t` for the actor's scopes on `resource` (at most one round trip). */
  predicate(tx: Tx, actor: Actor, resource: DataResource): Promise<SQL>;
  /**
   * Resolution inside a request's first statement, for routes that declare their data
   * resources: `sql` is an expression (a JSON object) giving, for each of `codes`, what the
   * user's scopes on that resource resolve to; `predicate` turns one of its values into the
   * predicate on `t`. A list then reads its page in the statement after the guard's, as it
   * would without scopes.
   */
  prefetch?: {
    sql(subject: { userId: number; tenantId: string }, codes: readonly string[]): SQL;
    predicate(actor: Actor, resource: DataResource, value: unknown): SQL;
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** `t.<column>` for a column a domain declared (never one typed by a user). */
export function scopedColumn(column: string): SQL {
  if (!IDENTIFIER.test(column)) throw new Error(`bad data-scope column ${column}`);
  return sql.raw(`t.${column}`);
}

/** Declares a data resource, checking its column names once at start-up. */
export function defineDataResource(resource: DataResource): DataResource {
  for (const column of [resource.owner, resource.dept, ...Object.keys(resource.fields)]) scopedColumn(column);
  return resource;
}

/** No narrowing: what a server without a data-scope owner applies. */
export const UNSCOPED: DataScopePort = { predicate: async () => sql`true` };

/**
 * The route context's `dataScope`: each resource is resolved at most once per request (never
 * remembered across requests, so a changed grant shows on the next call), and not again when
 * the request's first statement already resolved it (`prefetched`: the port's `prefetch.sql`
 * value for the declared resources; null when not asked). `fresh` resolves again, as the
 * request's own writes left things (a moved department leaves a subtree).
 */
export type RequestDataScope = ((resource: DataResource) => Promise<SQL>) & { fresh(resource: DataResource): Promise<SQL> };

export function requestDataScope(
  port: DataScopePort,
  tx: Tx,
  actor: Actor,
  declared: readonly DataResource[] | undefined,
  prefetched: Readonly<Record<string, unknown>> | null,
): RequestDataScope {
  const resolved = new Map<string, Promise<SQL>>();
  const memo = (resource: DataResource) => {
    let predicate = resolved.get(resource.code);
    if (!predicate) {
      const { prefetch } = port;
      const fromFirst = prefetch && prefetched && declared?.some((r) => r.code === resource.code) && Object.hasOwn(prefetched, resource.code);
      predicate = fromFirst ? Promise.resolve(prefetch.predicate(actor, resource, prefetched[resource.code])) : port.predicate(tx, actor, resource);
      resolved.set(resource.code, predicate);
    }
    return predicate;
  };
  return Object.assign(memo, { fresh: (resource: DataResource) => port.predicate(tx, actor, resource) });
}

/**
 * A condition for the kit's finders (`findOr404`, `lockAll` `where`) on `table` itself: its row
 * lies inside `scope`, a data-scope predicate on alias `t` (route context `dataScope`). A row
 * outside is then not found (404), for writes and by-id reads alike, as another tenant's is.
 */
export function withinScope(table: PgTable & { id: PgColumn }, scope: SQL): SQL {
  return sql`exists (select 1 from ${table} t where t.id = ${table.id} and ${scope})`;
}

/**
 * Refuses (403) a row the actor has just written outside their data scope on its resource; the
 * request's transaction then rolls back, so nothing stays. Creates and edits call it after the
 * write with the predicate resolved after it too (`dataScope.fresh`): the row is judged as
 * written (its department, its owner, the columns a custom rule tests); a department created
 * under one in the actor's subtree is already part of that subtree, one moved out of it is not.
 */
export async function assertWrittenInScope(tx: Tx, table: PgTable, id: number, predicate: SQL): Promise<void> {
  const rows = rowsOf(await tx.execute(sql`select 1 as inside from ${table} t where t.id = ${id} and ${predicate}`));
  if (!rows.length) throw new AppError(403, 'common.outsideDataScope');
}
