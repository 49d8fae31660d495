import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROLE, type Db } from '@macro/store';
import { openPglite as openEmbedded } from '@macro/store/pglite';
import { pipelinedDb, pipelinedPool } from '@macro/store/postgres';
import { roleStatements } from '@macro/store/tables';
import { sql, type Table } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { grantStatements } from './tables.ts';
import { SERVER_ROOT } from './paths.ts';

export type { Db, Tx } from '@macro/store';

export interface Database {
  /**
   * The owner's connections: migrations, provisioning, sign-in, background work that runs no
   * user-written SQL, and the audited cross-tenant paths. No request transaction runs here.
   */
  db: Db;
  /**
   * Request transactions, and any work that may run SQL an administrator wrote. On PostgreSQL
   * these connections log in as APP_ROLE, which is no superuser and owns nothing, so no
   * statement can climb back to the owner; on PGlite (one connection) it is the same connection
   * as `db`, and user-written SQL is held by its parser fence (@macro/store/userSql).
   */
  requestDb: Db;
  kind: 'pglite' | 'postgres';
  /** Runs work while no other server process on this database runs exclusive work (start-up seeding). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database's data folder as one file (test templates). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = join(SERVER_ROOT, 'migrations');
/** Key of the advisory lock that lets one replica migrate while the others wait. */
const MIGRATION_LOCK = 4_242_001;
const EXCLUSIVE_LOCK = 4_242_002;
const ANALYZE_EVERY_MS = 10 * 60 * 1000;

export interface OpenOptions {
  databaseUrl?: string;
  /**
   * Where request connections log in (as APP_ROLE); by default the owner's URL with the user
   * APP_ROLE and no password (enough for trust or peer set-ups; otherwise give it).
   */
  requestDatabaseUrl?: string;
  dataDir?: string;
  /** Every table of every module: the request role gets exactly their declared privileges. */
  tables: readonly Table[];
  /** An embedded database to start from (a dump of a data folder), kept in memory. */
  loadDataDir?: Blob;
  /**
   * The database is a copy of one this build already migrated and prepared (a test template):
   * opening it skips the migrations, the grants and the first statistics.
   */
  prepared?: boolean;
}

/** Opens the database (PostgreSQL when a URL is given, else embedded PGlite), migrates it and prepares the request role. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, requestUrlOf(options), options.tables, options.prepared);
  return openPglite(options.dataDir, options.tables, options.loadDataDir, options.prepared);
}

async function openPglite(dataDir: string | undefined, tables: readonly Table[], loadDataDir?: Blob, prepared = false): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { client, db, dump } = await openEmbedded({ dataDir, loadDataDir });
  // PGlite has no autovacuum: without fresh statistics the planner guesses, so refresh them
  // at start and then now and again (inside a transaction, so it queues behind requests).
  const analyze = () => db.transaction((tx) => tx.execute(sql`analyze`)).catch(() => undefined);
  if (!prepared) {
    await migratePglite(db, { migrationsFolder });
    await prepareAppRole(db as unknown as Db, tables);
    await analyze();
  }
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  // One process owns an embedded database: nothing to exclude.
  return {
    db: db as unknown as Db,
    requestDb: db as unknown as Db,
    kind: 'pglite',
    dump,
    exclusive: (work) => work(),
    close: async () => {
      clearInterval(timer);
      await client.close();
    },
  };
}

function requestUrlOf(options: OpenOptions): string {
  if (options.requestDatabaseUrl) return options.requestDatabaseUrl;
  const url = new URL(options.databaseUrl ?? '');
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

function poolOf(connectionString: string, max: number): pg.Pool {
  return pipelinedPool(connectionString, max, (error) => process.emitWarning(`idle database connection lost: ${error.message}`));
}

async function openPostgres(url: string, requestUrl: string, tables: readonly Table[], prepared = false): Promise<Database> {
  if (!prepared) await migratePostgres(url, requestUrl, tables);
  const pool = poolOf(url, Number(process.env.DATABASE_OWNER_POOL_SIZE ?? 4));
  const requests = poolOf(requestUrl, Number(process.env.DATABASE_POOL_SIZE ?? 10));
  try {
    await assertRequestRole(requests);
  } catch (error) {
    await Promise.all([pool.end(), requests.end()]);
    throw error;
  }
  const db = pipelinedDb(pool);
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [EXCLUSIVE_LOCK]);
      return await work();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [EXCLUSIVE_LOCK]).catch(() => undefined);
      holder.release();
    }
  };
  return {
    db,
    requestDb: pipelinedDb(requests),
    kind: 'postgres',
    exclusive,
    close: async () => {
      await Promise.all([pool.end(), requests.end()]);
    },
  };
}

const REQUEST_ROLE_HELP = `Requests must log in as the role ${APP_ROLE}: not a superuser, without BYPASSRLS, owning nothing.
Create it as the database owner (once per PostgreSQL cluster):
  CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '<password>' NOSUPERUSER NOBYPASSRLS;
then start with DATABASE_REQUEST_URL=postgres://${APP_ROLE}:<password>@<host>/<database>
(the server grants it exactly what requests need when it migrates). See docs/security.md.`;

/** Refuses to serve requests on a login that is a superuser, bypasses row-level security or owns anything. */
async function assertRequestRole(requests: pg.Pool): Promise<void> {
  let row: { name: string; super: boolean; bypass: boolean; owns: boolean } | undefined;
  try {
    ({
      rows: [row],
    } = await requests.query<{
      name: string;
      super: boolean;
      bypass: boolean;
      owns: boolean;
    }>(`select r.rolname as name, r.rolsuper as super, r.rolbypassrls as bypass,
        exists (select 1 from pg_class c where c.relowner = r.oid) or exists (select 1 from pg_proc p where p.proowner = r.oid) as owns
      from pg_roles r where r.rolname = current_user`));
  } catch (error) {
    throw new Error(`cannot connect as the request role (${(error as Error).message}).\n${REQUEST_ROLE_HELP}`);
  }
  if (!row || row.super || row.bypass || row.owns) {
    throw new Error(`the request login ${row?.name ?? '?'} is a superuser, bypasses row-level security or owns tables.\n${REQUEST_ROLE_HELP}`);
  }
}

/** Migrates and prepares the request role, one replica at a time. */
async function migratePostgres(url: string, requestUrl: string, tables: readonly Table[]): Promise<void> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzleNodePg(migrator);
    await migrateNodePg(db, { migrationsFolder });
    await prepareAppRole(db as unknown as Db, tables);
    await allowRequestLogin(db as unknown as Db, requestUrl);
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await migrator.end();
  }
}

/**
 * The request role may log in, with the request URL's password when it has one, when the owner
 * may say so; otherwise the operator has made the role (REQUEST_ROLE_HELP) and this changes nothing.
 */
async function allowRequestLogin(db: Db, requestUrl: string): Promise<void> {
  const url = new URL(requestUrl);
  if (decodeURIComponent(url.username) !== APP_ROLE) return;
  const password = decodeURIComponent(url.password);
  const setPassword = password ? ` password '${password.replaceAll("'", "''")}'` : '';
  await db.execute(
    sql.raw(`do $request_login$ begin
      alter role ${APP_ROLE} login${setPassword};
    exception when insufficient_privilege then null;
    end $request_login$`),
  );
}

/** The functions requests call: the session functions and the custom-table makers (migrations 0026, 0031). */
const REQUEST_FUNCTIONS = [
  'macro_request_begin(text, integer, text)',
  'macro_sessions_end(integer, text)',
  'macro_session_end(text)',
  'macro_session_rotate(text, text)',
  'macro_custom_table_apply(integer, jsonb)',
  'macro_custom_table_drop(integer)',
];

/**
 * Requests run as APP_ROLE, which owns nothing and is no superuser, so row-level security
 * applies to every query they make; it gets exactly the privileges each table declares, select
 * on the views made for it (every view of the schema: the approver views of migration 0031 and
 * the dictionary views of 0041, which the console's own database link reads),
 * and the functions above. The roles are cluster-wide; preparing them is idempotent.
 */
async function prepareAppRole(db: Db, tables: readonly Table[]): Promise<void> {
  for (const statement of roleStatements()) await db.execute(sql.raw(statement));
  for (const statement of grantStatements(tables)) await db.execute(sql.raw(statement));
  // Tables made at run time — those of custom-table forms (`macro_ct_<scheme>`, created with
  // their tenant policy by macro_custom_table_apply, migration 0026) — lost their grants to the
  // revoke above: requests read and write them.
  await db.execute(
    sql.raw(`do $$ declare r record; begin
      grant execute on function ${REQUEST_FUNCTIONS.join(', ')} to ${APP_ROLE};
      for r in select viewname from pg_views where schemaname = 'public' loop
        execute format('grant select on %I to ${APP_ROLE}', r.viewname);
      end loop;
      for r in select tablename from pg_tables where schemaname = 'public' and tablename ~ '^macro_ct_[0-9]+$' loop
        execute format('grant select, insert, update, delete on %I to ${APP_ROLE}', r.tablename);
        execute format('alter table %I force row level security', r.tablename);
      end loop;
    end $$`),
  );
}
