import type { Language } from '@macro/contract';
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';

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
