import { sql } from 'drizzle-orm';
import { seedDemo } from '../apps/server/seed/index.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/platform/config.ts';
import { inTenant } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { encryptPassword } from '../apps/server/src/test/helper.ts';
const config = { ...readConfig({}), adminPassword: 'Bench@123456' };
const database = await openDatabase({});
await seedDemo(database.db, config);
await inTenant(database.db, '000000', async (tx) => {
  await tx.execute(sql`insert into macro_dict (kind, parent_id, code, dict_key, dict_value, sort) select 'system', 0, 'Bench' || p, '-1', 'x ' || p, p from generate_series(1, 200) p`);
  await tx.execute(sql`insert into macro_dict (kind, parent_id, code, dict_key, dict_value, sort) select 'system', d.id, d.code, c::text, d.dict_value || ' 项 ' || c, c from macro_dict d, generate_series(1, 49) c where d.code like 'Bench%' and d.parent_id = 0`);
});
const app = await buildApp({ config, database });
const key = (await app.inject({ url: '/api/macro-auth/oauth/public-key' })).json().data.publicKey;
const tok = (await app.inject({ method: 'POST', url: '/api/macro-auth/oauth/token', headers: { authorization: `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`, 'tenant-id': '000000', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptPassword(key, 'Bench@123456') }).toString() })).json().access_token;
async function time(label: string, f: () => Promise<unknown>, n = 40) {
  for (let i = 0; i < 5; i++) await f();
  const t = performance.now(); for (let i = 0; i < n; i++) await f();
  console.log(label.padEnd(20), ((performance.now() - t) / n).toFixed(2), 'ms');
}
const h = { 'macro-auth': `bearer ${tok}` };
await time('info', () => app.inject({ url: '/api/macro-user/info', headers: h }));
await time('list', () => app.inject({ url: '/api/macro-system/dict/list?current=1&size=20', headers: h }));
await time('empty tx', () => inTenant(database.db, '000000', async () => 1));
await time('count', () => inTenant(database.db, '000000', (tx) => tx.execute(sql`select count(*) from macro_dict where kind='system'`)));
await time('select1', () => database.db.execute(sql`select 1`));
import { listDicts } from '../apps/server/src/modules/dict/service.ts';
import { dictEntry, pageOf, successOf } from '@macro/contract';
await time('listDicts', () => inTenant(database.db, '000000', (tx) => listDicts(tx, 'system', { current: 1, size: 20 })));
const page = await inTenant(database.db, '000000', (tx) => listDicts(tx, 'system', { current: 1, size: 20 }));
const schema = successOf(pageOf(dictEntry));
await time('zod parse', async () => schema.parse({ code: 200, success: true, data: page, msg: 'x' }), 200);
const ex = await inTenant(database.db, '000000', (tx) => tx.execute(sql`explain analyze select d.id, exists (select 1 from macro_dict c where c.kind = d.kind and c.parent_id = d.id) from macro_dict d where kind='system' order by sort, id limit 20`));
console.log((ex as any).rows.map((r: any) => r['QUERY PLAN']).join('\n'));
