/**
 * A data source's page of 20 from a 1,000,000-row table, on a PostgreSQL link and on a MariaDB
 * link, beside a floor measured in the same run: the same SELECT sent by the bare driver (pg or
 * mysql2) on a pool of its own, with its total counted up to the cap as the product's is (page and
 * count, the cheapest way to the same answer). The product's call is the data source service's
 * `data` (what `GET /api/data-sources/{id}/data` runs): the data source read in the tenant's
 * transaction, its query checked against the link's grammar and tables, its parameters typed,
 * then the page and the count on the link's pool. Prints ms per page and floor / product.
 *
 * Run alone: BENCH_SECONDS=3 node --import tsx bench/datasources.ts
 * The product's own database (where the link and the data source are kept, read in the tenant's
 * transaction as the request role) is PostgreSQL and PGlite in turn, as BENCH_DATABASES says.
 *
 * Environment: BENCH_DS_ROWS (default 1000000), BENCH_SECONDS (default 10), BENCH_DATABASES
 * (default "postgres,pglite"), DATABASE_URL (PostgreSQL that accepts CREATE DATABASE). Needs PostgreSQL on
 * 127.0.0.1:5432 (user postgres) and MariaDB on 127.0.0.1:3306 (root, database test); a database
 * that is not there is skipped with a line saying so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOTAL_CAP } from '@macro/contract';
import { databaseLinkSubmit } from '@macro/contract/databaselinks';
import { dataSourceSubmit } from '@macro/contract/datasources';
import { type Ctx, withTenant } from '@macro/store';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { seedDemo } from '../apps/server/seed/index.ts';
import { moduleDeps } from '../apps/server/src/app.ts';
import { loadModules, tablesOf } from '../apps/server/src/modules.ts';
import { databaseLinksOf } from '../apps/server/src/modules/databaselinks/public.ts';
import { dataSourcesOf } from '../apps/server/src/modules/datasources/public.ts';
import { readConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { listening } from '../apps/server/src/test/listening.ts';
import { timeIt } from './timing.ts';

const ROWS = Number(process.env.BENCH_DS_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const TENANT = '000000';
const SIZE = 20;
const SCHEMA = 'bench_ds';
const TABLE = 'bench_ds_orders';
/** The data source: one department's orders, newest first (an index on (dept, id) serves it). */
const QUERY = `select id, dept, title, amount from ${TABLE} where dept = @dept order by id desc`;
const DEPT = 'dept7';

async function seedPostgres(): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
      create table ${SCHEMA}.${TABLE} as
        select g as id, 'dept' || (g % 50) as dept, md5(g::text) as title, (g % 1000)::numeric(12, 2) as amount
        from generate_series(1, ${ROWS}) g;
      alter table ${SCHEMA}.${TABLE} add primary key (id);
      create index on ${SCHEMA}.${TABLE} (dept, id);
      analyze ${SCHEMA}.${TABLE};`);
  } finally {
    await client.end();
  }
}

async function seedMariadb(): Promise<void> {
  const client = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true });
  try {
    await client.query(`drop table if exists ${TABLE};
      create table ${TABLE} (id int primary key, dept varchar(16) not null, title varchar(64) not null, amount decimal(12, 2) not null, key dept_id (dept, id));
      insert into ${TABLE} select seq, concat('dept', seq % 50), md5(seq), seq % 1000 from seq_1_to_${ROWS};
      analyze table ${TABLE};`);
  } finally {
    await client.end();
  }
}

async function dropSeeds(kinds: readonly string[]): Promise<void> {
  if (kinds.includes('postgresql')) {
    const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query(`drop schema if exists ${SCHEMA} cascade`).finally(() => client.end());
  }
  if (kinds.includes('mysql')) {
    const client = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    await client.query(`drop table if exists ${TABLE}`).finally(() => client.end());
  }
}

/** The floor of one kind: the page and the capped count, on a bare pool. */
function floorOf(kind: 'postgresql' | 'mysql') {
  const page = QUERY.replace('@dept', kind === 'postgresql' ? '$1' : '?');
  const count = `select count(*) as n from (select 1 from ${TABLE} where dept = ${kind === 'postgresql' ? '$1' : '?'} limit ${TOTAL_CAP + 1}) m`;
  if (kind === 'postgresql') {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres', max: 2, options: `-c search_path=${SCHEMA}` });
    return {
      run: async () => {
        const [rows, total] = await Promise.all([pool.query(`${page} limit ${SIZE}`, [DEPT]), pool.query(count, [DEPT])]);
        return { ids: rows.rows.map((r) => Number(r.id)), total: Number(total.rows[0].n) };
      },
      close: () => pool.end(),
    };
  }
  const pool = mysql.createPool({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', connectionLimit: 2 });
  return {
    run: async () => {
      const [[rows], [total]] = await Promise.all([pool.query(`${page} limit ${SIZE}`, [DEPT]), pool.query(count, [DEPT])]);
      return { ids: (rows as { id: number }[]).map((r) => Number(r.id)), total: Number((total as { n: number }[])[0].n) };
    },
    close: () => pool.end(),
  };
}

/** The product's own database for one run: PostgreSQL (a database of its own, dropped after) or PGlite (a folder). */
async function productDatabase(kind: string, modules: Awaited<ReturnType<typeof loadModules>>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'macro-bench-ds-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    const name = `macro_bench_ds_${process.pid}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await run(`drop database if exists ${name} with (force)`);
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => run(`drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ dataDir, databaseUrl, tables: tablesOf(modules) });
  return {
    database,
    config: { ...readConfig({}), adminPassword: 'Bench@123456', databaseUrl, dataDir, linkHosts: ['127.0.0.1'] },
    async close() {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchDataSources(): Promise<string[]> {
  const lines: string[] = [];
  const kinds = [...((await listening(5432)) ? (['postgresql'] as const) : []), ...((await listening(3306)) ? (['mysql'] as const) : [])];
  if (!kinds.includes('postgresql')) lines.push('data source page on PostgreSQL: skipped (no PostgreSQL on 127.0.0.1:5432)');
  if (!kinds.includes('mysql')) lines.push('data source page on MariaDB: skipped (no MariaDB on 127.0.0.1:3306)');
  if (!kinds.length) return lines;
  // The product's own database (where links and data sources are kept), as for the other benches.
  const products = DATABASES.filter((kind) => kind !== 'postgres' || kinds.includes('postgresql'));

  const modules = await loadModules();
  try {
    for (const kind of kinds) {
      const seeding = performance.now();
      await (kind === 'postgresql' ? seedPostgres() : seedMariadb());
      const seedMs = performance.now() - seeding;
      const floor = floorOf(kind);
      const target =
        kind === 'postgresql'
          ? { kind, host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', schema: SCHEMA }
          : { kind, host: '127.0.0.1', port: 3306, database: 'test', username: 'root', schema: '' };
      try {
        const floorMs = await timeIt(floor.run, SECONDS);
        for (const productKind of products) {
          const product = await productDatabase(productKind, modules);
          try {
            const deps = moduleDeps(product.config, product.database, modules);
            await seedDemo(deps);
            const links = databaseLinksOf(deps);
            const sources = dataSourcesOf(deps);
            // As a request runs it: the request role's connections, in the tenant's transaction.
            const inTenant = <T>(work: (ctx: Ctx) => Promise<T>) =>
              withTenant(product.database.requestDb, TENANT, (tx) =>
                work({ tx, audit: deps.audit, actor: { tenantId: TENANT, userId: 1, account: 'admin', ip: '127.0.0.1', language: 'zh' } }),
              );
            const id = await inTenant(async (ctx) => {
              const link = await links.submit(ctx, databaseLinkSubmit.parse({ ...target, name: `bench-${kind}` }));
              const source = await sources.submit(
                ctx,
                dataSourceSubmit.parse({ name: `bench-${kind}`, linkId: link.id, sql: QUERY, parameters: [{ name: 'dept', type: 'text', required: true }] }),
              );
              return source.id;
            });
            const read = () => inTenant((ctx) => sources.data(ctx, id, { params: { dept: DEPT }, current: 1, size: SIZE }));
            const [mine, theirs] = [await read(), await floor.run()];
            const same =
              mine.records.map((r) => Number(r.id)).join() === theirs.ids.join() && Math.min(mine.total, TOTAL_CAP) === Math.min(theirs.total, TOTAL_CAP);
            if (!same)
              throw new Error(
                `data source bench on ${kind}: the product's page or total differs from the floor's (${JSON.stringify([mine.records.slice(0, 2), mine.total, theirs.ids.slice(0, 2), theirs.total])})`,
              );
            const productMs = await timeIt(read, SECONDS);
            const ratio = floorMs / productMs;
            lines.push(
              `data source page of ${SIZE} from ${ROWS} rows on ${kind === 'postgresql' ? 'PostgreSQL' : 'MariaDB'} (seeded in ${(seedMs / 1000).toFixed(1)} s), the product on ${productKind}: product ${productMs.toFixed(2)} ms, bare driver ${floorMs.toFixed(2)} ms, floor/product ${ratio.toFixed(2)} (target >= 0.70: ${ratio >= 0.7 ? 'met' : 'MISSED'}); total ${mine.total}${mine.totalExact ? '' : '+'}`,
            );
            await links.close();
          } finally {
            await product.close();
          }
        }
      } finally {
        await floor.close();
      }
    }
  } finally {
    await dropSeeds(kinds);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchDataSources()) console.log(line);
  process.exit(0);
}
