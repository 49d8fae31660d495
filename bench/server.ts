/**
 * Child process of the benchmark, one per database (PGlite in BENCH_DATA_DIR, or PostgreSQL at
 * DATABASE_URL): the product on one port and, beside it on the same database, the floor: a bare
 * Fastify route running the cheapest SQL that returns the same page and the same total.
 *
 * Protocol with bench/run.ts (process messages):
 *   child → { type: 'ready', product, floor, password, rows, seedMs }   after the seed and 10k rows
 *   parent → { type: 'grow', rows }  child → { type: 'grown', rows, seedMs }
 *   parent → { type: 'close' }          child closes the database and exits
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { seedDemo } from '../apps/server/seed/index.ts';
import { buildApp, moduleDeps } from '../apps/server/src/app.ts';
import { loadModules, tablesOf } from '../apps/server/src/modules.ts';
import { readConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

export type ChildMessage =
  | { type: 'ready'; product: number; floor: number; password: string; rows: number; seedMs: number }
  | { type: 'grown'; rows: number; seedMs: number };
export type ParentMessage = { type: 'grow'; rows: number } | { type: 'close' };

const TENANT = '000000';
/** Entries per bench dictionary: the parent and its 49 children. */
const PER_PARENT = 50;
/** The product reports an exact total up to this many matching rows, beyond that this number and `totalExact: false`. */
const TOTAL_CAP = 10_000;

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR!;
const config = { ...readConfig({}), adminPassword: 'Bench@123456', databaseUrl, dataDir };

// Opened, migrated and seeded as apps/server/src/main.ts does it.
const modules = await loadModules();
const database = await openDatabase({ databaseUrl, dataDir, tables: tablesOf(modules) });
await seedDemo(moduleDeps(config, database, modules));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Adds bench dictionaries `from`..`to` (one parent and 49 children each) in one statement, as
 * the table owner (row-level security does not apply to it, so the tenant is written out),
 * then refreshes the planner's statistics. Children are written dictionary by
 * dictionary, as they would be entered, so a scan meets a search's matches spread as in real
 * use. PostgreSQL also gets a vacuum: autovacuum would run one on a million fresh rows
 * anyway, better before the measurements than during them.
 * PGlite has no autovacuum, so it gets what the app itself does there: analyze only.
 */
async function addDictionaries(from: number, to: number): Promise<{ rows: number; seedMs: number }> {
  const started = performance.now();
  await database.db.execute(sql`
    with parents as (
      insert into macro_dict (tenant_id, kind, parent_id, code, dict_key, dict_value, sort)
      select ${TENANT}, 'system', 0, 'Bench' || p, '-1', '基准字典 ' || p, p from generate_series(${from}::int, ${to}::int) p
      returning id, code, dict_value
    )
    insert into macro_dict (tenant_id, kind, parent_id, code, dict_key, dict_value, sort)
    select ${TENANT}, 'system', parents.id, parents.code, g.n::text, parents.dict_value || ' 项 ' || g.n, g.n
    from parents, generate_series(1, ${PER_PARENT - 1}::int) g(n)
    order by parents.id, g.n`);
  await database.db.execute(sql.raw(database.kind === 'postgres' ? 'vacuum (analyze) macro_dict' : 'analyze macro_dict'));
  const seedMs = performance.now() - started;
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from macro_dict where tenant_id = ${TENANT} and kind = 'system'`),
  );
  return { rows: n, seedMs };
}

let parents = 10_000 / PER_PARENT;
const initial = await addDictionaries(1, parents);

const product = await buildApp({ config, database, modules });
await product.listen({ port: 0, host: '127.0.0.1' });

/** A LIKE pattern matching `text` anywhere, the user's % and _ taken literally (as the product does). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The floor: the cheapest SQL that returns the product's page and total, on the same database,
// with the same row-level security (the same transaction set-up: tenant setting and request
// role), returning the same fields (each row with its parent's name and whether it has
// children), and nothing else around it: no token, no permission check, no validation, no
// envelope, no response schema, no code of the product's service.
//
// Its total follows the product's rule: exact up to TOTAL_CAP matching rows, beyond that
// TOTAL_CAP with `totalExact: false`; so the count stops after TOTAL_CAP + 1 matches
// (`limit 10001`) instead of counting every matching row.
//
// Page and total come in one statement (one round trip). The first page is read straight from
// the list index (tenant_id, kind, sort, id); a deeper page first takes its keys from that index
// alone (an index-only scan: the rows it skips are never visited) and then fetches just its own
// rows by id. Measured with pgbench on 1M rows, each form is the cheaper one where it is used
// (page 1: ~15% faster direct; offset 7980: ~3.5x faster keys first; search: the same either way).
// Known gap: a search at 10k rows reads the table twice here (the planner expects a handful of
// ILIKE matches, so page and count each scan), and one pass over materialised matches is ~1.4x
// cheaper; at 1M rows that same one-pass form is planned as a full scan and sort, ~15x slower.
// No one form is cheapest at both sizes; the floor keeps the one that holds at scale.
// The same fields the product returns: the row, its parent's name and whether it has children.
const COLUMNS = sql.raw(`d.id, d.parent_id, d.code, d.dict_key, d.dict_value, d.sort, d.is_sealed, d.remark, d.created_at, d.updated_at,
  coalesce(p.dict_value, '') as parent_name, exists (select 1 from macro_dict c where c.parent_id = d.id) as has_children`);
const floor = Fastify();
floor.get('/list', async (request) => {
  const query = request.query as Record<string, string | undefined>;
  const current = Math.max(1, Number(query.current ?? 1));
  const size = Math.max(1, Number(query.size ?? 10));
  const offset = (current - 1) * size;
  const where = query.dictValue
    ? sql`kind = 'system' and dict_value ilike ${containing(query.dictValue)}`
    : sql`kind = 'system'`;
  const page =
    offset === 0
      ? sql`select ${COLUMNS} from (select * from macro_dict where ${where} order by sort, id limit ${size}) d
            left join macro_dict p on p.id = d.parent_id`
      : sql`select ${COLUMNS} from (select id from macro_dict where ${where} order by sort, id limit ${size} offset ${offset}) k
            join macro_dict d on d.id = k.id left join macro_dict p on p.id = d.parent_id`;
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${TENANT}, true), set_config('role', 'macro_app', true)`);
    return rowsOf<{ total: number; id: number | null }>(
      await tx.execute(sql`
        select c.total, p.*
        from (select count(*)::int as total from (select 1 from macro_dict where ${where} limit ${TOTAL_CAP + 1}) m) c
        left join lateral (${page}) p on true
        order by p.sort, p.id`),
    );
  });
  const total = rows[0]?.total ?? 0;
  const records = rows.filter((row) => row.id !== null).map(({ total: _, ...record }) => record);
  return { records, total: Math.min(total, TOTAL_CAP), totalExact: total <= TOTAL_CAP, current, size };
});
await floor.listen({ port: 0, host: '127.0.0.1' });

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
const send = (message: ChildMessage) => process.send?.(message);

// The parent is gone (killed, crashed): do not stay behind holding the ports and the database.
process.on('disconnect', () => process.exit(0));
process.on('message', async (message: ParentMessage) => {
  if (message.type === 'grow') {
    const target = Math.round(message.rows / PER_PARENT);
    const grown = await addDictionaries(parents + 1, target);
    parents = target;
    send({ type: 'grown', ...grown });
  } else if (message.type === 'close') {
    await Promise.allSettled([product.close(), floor.close()]);
    await database.close();
    process.exit(0);
  }
});

send({
  type: 'ready',
  product: portOf(product),
  floor: portOf(floor),
  password: config.adminPassword,
  ...initial,
});
