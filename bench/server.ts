/**
 * Child process of the benchmark: the product on one port and, beside it on the same
 * database, a bare Fastify route running the same dictionary list SQL (the baseline).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { seedDemo } from '../apps/server/seed/index.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { listDicts } from '../apps/server/src/modules/dict/service.ts';
import { readConfig } from '../apps/server/src/platform/config.ts';
import { inTenant } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

const ROWS = 10_000;
const PARENTS = 200;

const dataDir = mkdtempSync(join(tmpdir(), 'macro-bench-'));
const config = { ...readConfig({}), adminPassword: 'Bench@123456', dataDir, databaseUrl: process.env.DATABASE_URL };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
await seedDemo(database.db, config);

// 10k entries: 200 parents with 49 children each, inserted in bulk.
await inTenant(database.db, config.defaultTenantId, async (tx) => {
  await tx.execute(sql`
    insert into macro_dict (kind, parent_id, code, dict_key, dict_value, sort)
    select 'system', 0, 'Bench' || p, '-1', '基准字典 ' || p, p from generate_series(1, ${PARENTS}) p`);
  await tx.execute(sql`
    insert into macro_dict (kind, parent_id, code, dict_key, dict_value, sort)
    select 'system', d.id, d.code, c::text, d.dict_value || ' 项 ' || c, c
    from macro_dict d, generate_series(1, ${ROWS / PARENTS - 1}) c
    where d.code like 'Bench%' and d.parent_id = 0`);
});

const product = await buildApp({ config, database });
await product.listen({ port: 0, host: '127.0.0.1' });

// The baseline: the same SQL on the same database, in the same tenant (row-level security
// needs the tenant setting to plan and filter alike), with nothing else around it: no token,
// no permission check, no validation, no envelope, no schema serialisation.
const baseline = Fastify();
baseline.get('/list', async (request) => {
  const { current = '1', size = '20' } = request.query as Record<string, string>;
  return inTenant(database.db, config.defaultTenantId, (tx) =>
    listDicts(tx, 'system', { current: Number(current), size: Number(size) }),
  );
});
await baseline.listen({ port: 0, host: '127.0.0.1' });

const address = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
process.send?.({ product: address(product), baseline: address(baseline), password: config.adminPassword });
