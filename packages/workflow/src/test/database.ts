import { randomBytes } from 'node:crypto';
import { type Db, withTenant, type Tx } from '@macro/store';
import { openPglite } from '@macro/store/pglite';
import { pipelinedDb, pipelinedPool } from '@macro/store/postgres';
import { grantStatements, roleStatements } from '@macro/store/tables';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CANDIDATE_TRIGGER_SQL, workflowTables } from '../tables.ts';

export const TENANT = '000000';
export const OTHER_TENANT = '200001';
const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The throw-away PostgreSQL database's address (absent on PGlite). */
  url?: string;
  /** One tenant-scoped transaction, as the request role (RLS applies). */
  tx<T>(work: (tx: Tx) => Promise<T>, tenant?: string): Promise<T>;
  close(): Promise<void>;
}

let ddl: Promise<string[]> | undefined;

/** The engine's tables as SQL, from the same declarations drizzle-kit migrates. */
function schemaStatements(): Promise<string[]> {
  ddl ??= (async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const schema = Object.fromEntries(workflowTables.map((t, i) => [`t${i}`, t]));
    return generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  })();
  return ddl;
}

async function prepare(db: Db): Promise<void> {
  for (const statement of [...(await schemaStatements()), ...CANDIDATE_TRIGGER_SQL]) await db.execute(sql.raw(statement));
  for (const statement of roleStatements()) await db.execute(sql.raw(statement));
  for (const statement of grantStatements(workflowTables)) await db.execute(sql.raw(statement));
}

let template: Promise<Blob> | undefined;

/**
 * A PGlite with the engine's tables, made once per worker and dumped: each test database loads
 * the dump, in a fraction of the time a new database and its tables take.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const { client, db, dump } = await openPglite({});
    await prepare(db as unknown as Db);
    const dumped = await dump();
    await client.close();
    return dumped;
  })();
  return template;
}

/** Whether the PostgreSQL run can happen (else its tests skip with a message). */
export async function postgresReachable(): Promise<boolean> {
  if (process.env.TEST_DB !== 'postgres') return true;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL || LOCAL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    console.warn(`PostgreSQL not reachable: the PostgreSQL run of the workflow suite is skipped (${error})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database with the engine's tables: PGlite in memory, or a throw-away PostgreSQL database. */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const scoped =
    (db: Db) =>
    <T>(work: (tx: Tx) => Promise<T>, tenant = TENANT) =>
      withTenant(db, tenant, work);
  if (process.env.TEST_DB !== 'postgres') {
    const { client, db } = await openPglite({ loadDataDir: await pgliteTemplate() });
    return { db: db as unknown as Db, kind: 'pglite', tx: scoped(db as unknown as Db), close: () => client.close() };
  }
  const adminUrl = process.env.DATABASE_URL || LOCAL;
  const name = `macro_wf_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Pipelined as the server's pools are. A connection the server drops while idle is reported
  // here, not as an uncaught exception that would fail whichever test file happens to be running.
  const pool = pipelinedPool(url.toString(), options.poolSize ?? 10, (error) => console.warn(`test database: idle connection lost: ${error.message}`));
  const db = pipelinedDb(pool);
  await prepare(db);
  return {
    db,
    kind: 'postgres',
    url: url.toString(),
    tx: scoped(db),
    close: async () => {
      await pool.end();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
