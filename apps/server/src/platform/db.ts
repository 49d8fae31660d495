import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { APP_ROLE, type Db } from '@macro/store';
import { sql, type Table } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { grantStatements } from './tables.ts';

export type { Db, Tx } from '@macro/store';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs work while no other server process on this database runs exclusive work (start-up seeding). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database's data folder as one file (test templates). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));
/** Key of the advisory lock that lets one replica migrate while the others wait. */
const MIGRATION_LOCK = 4_242_001;
const EXCLUSIVE_LOCK = 4_242_002;
const ANALYZE_EVERY_MS = 10 * 60 * 1000;

export interface OpenOptions {
  databaseUrl?: string;
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
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.tables, options.prepared);
  return openPglite(options.dataDir, options.tables, options.loadDataDir, options.prepared);
}

async function openPglite(dataDir: string | undefined, tables: readonly Table[], loadDataDir?: Blob, prepared = false): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client);
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
    kind: 'pglite',
    dump: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    exclusive: (work) => work(),
    close: async () => {
      clearInterval(timer);
      await client.close();
    },
  };
}

async function openPostgres(url: string, tables: readonly Table[], prepared = false): Promise<Database> {
  if (!prepared) await migratePostgres(url, tables);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server drops (restart, pg_terminate_backend) is removed from the pool
  // and replaced on the next checkout; without a listener pg would crash the process instead.
  pool.on('error', (error) => {
    if (!pool.ending) process.emitWarning(`idle database connection lost: ${error.message}`);
  });
  const db = drizzleNodePg(pool);
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
  return { db: db as unknown as Db, kind: 'postgres', exclusive, close: () => pool.end() };
}

/** Migrates and prepares the request role, one replica at a time. */
async function migratePostgres(url: string, tables: readonly Table[]): Promise<void> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzleNodePg(migrator);
    await migrateNodePg(db, { migrationsFolder });
    await prepareAppRole(db as unknown as Db, tables);
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await migrator.end();
  }
}

/**
 * Requests run as APP_ROLE, which owns nothing and is no superuser, so row-level security
 * applies to every query they make; it gets exactly the privileges each table declares. The
 * role is cluster-wide; creating it is idempotent.
 */
async function prepareAppRole(db: Db, tables: readonly Table[]): Promise<void> {
  await db.execute(
    sql.raw(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin nosuperuser nobypassrls;
      end if;
      if not pg_has_role(current_user, '${APP_ROLE}', 'member') then
        execute format('grant ${APP_ROLE} to %I', current_user);
      end if;
    end $$`),
  );
  for (const statement of grantStatements(tables)) await db.execute(sql.raw(statement));
  // Tables made at run time — those of custom-table forms (`macro_ct_<scheme>`, created with
  // their tenant policy by macro_custom_table_apply, migration 0026) — lost their grants to the
  // revoke above: requests read and write them, and may call the function that makes them.
  await db.execute(
    sql.raw(`do $$ declare r record; begin
      grant execute on function macro_custom_table_apply(integer, jsonb) to ${APP_ROLE};
      grant execute on function macro_custom_table_drop(integer) to ${APP_ROLE};
      for r in select tablename from pg_tables where schemaname = 'public' and tablename ~ '^macro_ct_[0-9]+$' loop
        execute format('grant select, insert, update, delete on %I to ${APP_ROLE}', r.tablename);
      end loop;
    end $$`),
  );
}
