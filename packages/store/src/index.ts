import type { Language } from '@macro/contract';
import { createHash } from 'node:crypto';
import * as drizzle from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction, QueryBuilder } from 'drizzle-orm/pg-core';

/*
 * The persistence boundary: what code outside the API server (the workflow engine, jobs) needs
 * to work inside a tenant's transaction and leave an audit trail, without importing the server.
 */

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;

/** The transaction-local setting that row-level security policies key on. */
export const TENANT_SETTING = 'app.tenant_id';
/**
 * The role requests run as: neither superuser nor owner of anything, so policies apply to it. On
 * PostgreSQL request connections log in as it, so nothing a request runs can become the owner.
 */
export const APP_ROLE = 'macro_app';
/**
 * The role sign-in runs as, on the owner's connections: the request role's privileges and the
 * sessions', which requests reach only through the database functions made for them.
 */
export const AUTH_ROLE = 'macro_auth';

/** Who is acting, for tenant scoping and the audit log. */
export interface Actor {
  tenantId: string;
  userId: number | null;
  account: string;
  ip: string;
  language: Language;
}

export type AuditAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'refresh' | (string & {});

export interface AuditEntry {
  action: AuditAction;
  resource: string;
  resourceId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes the audit row of a change, in the same transaction as the change. */
export interface AuditPort {
  record(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void>;
}

/** A unit of work: the tenant-scoped transaction, who acts, and where changes are recorded. */
export interface Ctx {
  tx: Tx;
  actor: Actor;
  audit: AuditPort;
}

/**
 * The select list that scopes a transaction to a tenant: the setting row-level security reads,
 * then the switch to the request role. The one place both are set; callers put it in the first
 * statement of a transaction (alone, or after a check that must pass first).
 */
export function tenantScope(tenantId: string | SQL, role: string = APP_ROLE): SQL {
  return sql`set_config(${TENANT_SETTING}, ${tenantId}, true) as tenant, set_config('role', ${role}, true) as role`;
}

/**
 * A statement sent without waiting for its answer, ahead of those that follow it on the same
 * connection: the connection runs them in the order they were sent, and a client that pipelines
 * sends them in one round trip. Were it refused, the statements behind it fail as part of an
 * aborted transaction; its own error is then the one to report.
 */
export function sentAhead(statement: Promise<unknown>) {
  const refusal = statement.then(
    () => null,
    (error: unknown) => ({ error }),
  );
  return {
    /** Waits for the statement; throws its error if it was refused. */
    async settled(): Promise<void> {
      const refused = await refusal;
      if (refused) throw refused.error;
    },
    /** What to throw for `error` raised behind the statement: the statement's own error, if it was refused. */
    async cause(error: unknown): Promise<unknown> {
      return (await refusal)?.error ?? error;
    },
  };
}

/** Statements sent ahead in a transaction whose end settles them (`openAhead`). */
const aheadIn = new WeakMap<Tx, ReturnType<typeof sentAhead>[]>();

/**
 * Opens a transaction to statements sent ahead, the first of them `first` (its BEGIN): its end
 * must `settleAhead`. Only a transaction opened so takes them; elsewhere `sendAhead` waits.
 */
export function openAhead(tx: Tx, first: Promise<unknown>): void {
  aheadIn.set(tx, [sentAhead(first)]);
}

/**
 * Sends a write whose answer nothing reads without waiting for it: on a pipelining connection it
 * travels with the statements behind it. The statements after it see what it did (one connection
 * runs them in order); its failure is thrown where the transaction ends. In a transaction not
 * opened to it (`openAhead`), it is waited for here.
 */
export async function sendAhead(tx: Tx, statement: Promise<unknown>): Promise<void> {
  const ahead = aheadIn.get(tx);
  if (ahead) ahead.push(sentAhead(statement));
  else await statement;
}

/**
 * Waits for the statements sent ahead in `tx`. Without `error` it throws the first one's refusal;
 * with it (the transaction failed), it answers what to throw: the first refusal ahead, which the
 * failure followed from, or else `error`.
 */
export async function settleAhead(tx: Tx, error?: unknown): Promise<unknown> {
  const ahead = aheadIn.get(tx) ?? [];
  for (const statement of ahead) {
    const cause = await statement.cause(undefined);
    if (cause !== undefined) {
      if (error === undefined) throw cause;
      return cause;
    }
  }
  return error;
}

/**
 * Runs `work` in one transaction scoped to a tenant, as the request role (or `role`). The scope
 * is sent ahead of the work's first statement (`sentAhead`), not waited for before it.
 */
export function withTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>, role: string = APP_ROLE): Promise<T> {
  return db.transaction(async (tx) => {
    const scope = sentAhead(tx.execute(sql`select ${tenantScope(tenantId, role)}`));
    let result: T;
    try {
      result = await work(tx as Tx);
    } catch (error) {
      throw await scope.cause(error);
    }
    await scope.settled();
    return result;
  });
}

/** A json or jsonb value of a raw query as the driver hands it back: parsed by pg, text from some drivers. */
export function jsonOf<T = unknown>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Rows of a raw query, whichever driver ran it. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/** A statement's name on the database, from its text: one name always means one text. */
const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * Runs a raw statement as a named prepared statement: PostgreSQL parses it once per connection
 * and, after a few runs, keeps one generic plan for it. Only for hot statements whose plan cannot
 * go wrong without their values (inserts, lookups by primary key): a generic plan for a filter on
 * other columns may scan, and then grows with the table. A text that varies makes one statement
 * per variant. PGlite runs it as a plain statement.
 */
export function executePrepared(tx: Tx, query: SQL): Promise<unknown> {
  const compiled = dialect.sqlToQuery(query);
  return tx._.session.prepareQuery(compiled, undefined, statementName(compiled.sql), false).execute();
}

/**
 * A hot statement compiled once: its text, its name and the order of its values are worked out
 * on its first run, and every run after only fills its values in by name (`sql.placeholder`).
 * Runs as a named prepared statement, as `executePrepared` does (the same rule on plans holds);
 * with `planEachRun`, one whose filter is on other columns than a key, as an unnamed statement
 * the database plans for its values every time.
 */
export function preparedStatement<V extends Record<string, unknown>>(
  build: () => SQL,
  options: { planEachRun?: boolean } = {},
): (tx: Tx, values: V) => Promise<unknown> {
  let compiled: { query: { sql: string; params: unknown[] }; name: string | undefined } | undefined;
  return (tx, values) => {
    if (!compiled) {
      const query = dialect.sqlToQuery(build());
      compiled = { query, name: options.planEachRun ? undefined : statementName(query.sql) };
    }
    return tx._.session.prepareQuery(compiled.query, undefined, compiled.name, false).execute(values);
  };
}

/** Drizzle's own ordering of a selection's fields, which its row mapping reads (exported, not typed). */
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: (fields: Record<string, unknown>) => unknown[] };

interface Selection<R> {
  getSQL(): SQL;
  readonly _: { readonly result: R };
}

/**
 * A hot select compiled once, as `preparedStatement`: built with drizzle's query builder (its
 * values `sql.placeholder`s), its rows shaped as the builder's would be.
 */
export function preparedSelect<R, V extends Record<string, unknown>>(build: (qb: QueryBuilder) => Selection<R>): (tx: Tx, values: V) => Promise<R> {
  let compiled: { query: { sql: string; params: unknown[] }; fields: unknown[]; name: string } | undefined;
  return (tx, values) => {
    if (!compiled) {
      const select = build(new QueryBuilder(dialect));
      const query = dialect.sqlToQuery(select.getSQL());
      compiled = {
        query,
        fields: orderSelectedFields((select as unknown as { getSelectedFields(): Record<string, unknown> }).getSelectedFields()),
        name: statementName(query.sql),
      };
    }
    return tx._.session.prepareQuery(compiled.query, compiled.fields as never, compiled.name, true).execute(values) as Promise<R>;
  };
}
