import { TOTAL_CAP } from '@macro/contract';
import { type Ctx, rowsOf, withTenant } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dbLabel, describeDb, OTHER_TENANT, TENANT, type TestServer, startServer } from '../test/helper.ts';
import { assertUnique, auditedDelete, auditedInsert, auditedSoftDelete, auditedUpdate, findOr404, notDeleted } from './crud.ts';
import { AppError } from './errors.ts';
import { listPage } from './list.ts';
import { idColumn, softDeleteColumn, tenantTable, timestamps } from './tables.ts';
import { buildTree } from './tree.ts';

/** A table of the test's own, declared with the kit like any domain's. */
const probes = tenantTable('kit_probe', {
  id: idColumn(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(1),
  ...timestamps(),
  ...softDeleteColumn(),
});

const ROWS = TOTAL_CAP + 50;

describeDb(`the server kit (${dbLabel})`, () => {
  let server: TestServer;
  const actor = { tenantId: TENANT, userId: null, account: 'kit', ip: '', language: 'zh' as const };
  const inTenant = <T>(work: (ctx: Ctx) => Promise<T>, tenant = TENANT) =>
    withTenant(server.database.db, tenant, (tx) => work({ tx, actor: { ...actor, tenantId: tenant }, audit: server.modules.find((m) => m.audit)!.audit! }));

  beforeAll(async () => {
    server = await startServer();
    const { db } = server.database;
    // What the migration of a kit table contains: the table, its policy, RLS on, the grants.
    await db.execute(sql`create table kit_probe (id integer primary key generated always as identity, name text not null,
      sort integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      deleted_at timestamptz, tenant_id text not null default current_setting('app.tenant_id', true))`);
    await db.execute(sql`create index kit_probe_list on kit_probe (tenant_id, sort, id)`);
    await db.execute(sql`create policy kit_probe_tenant_isolation on kit_probe for all
      using (tenant_id = current_setting('app.tenant_id', true)) with check (tenant_id = current_setting('app.tenant_id', true))`);
    await db.execute(sql`alter table kit_probe enable row level security`);
    await db.execute(sql`grant select, insert, update, delete on kit_probe to macro_app`);
    await inTenant(({ tx }) => tx.execute(sql`insert into kit_probe (name, sort) select 'row ' || g, g % 7 from generate_series(1, ${ROWS}) g`));
    await inTenant(({ tx }) => tx.execute(sql`insert into kit_probe (name) values ('theirs')`), OTHER_TENANT);
    await db.execute(sql`analyze kit_probe`);
  });
  afterAll(() => server.close());

  const list = (query: { current: number; size: number; cursor?: string }, where = sql`true`) =>
    inTenant(({ tx }) =>
      listPage(
        tx,
        {
          table: sql`${probes}`,
          where,
          order: ['sort', 'id'],
          columns: sql`t.id, t.name, t.sort`,
          toRecord: (row) => ({ id: Number(row.id), name: String(row.name), sort: Number(row.sort) }),
        },
        query,
      ),
    );

  it('pages in order with an exact total up to the cap, and says when the total is capped', async () => {
    const small = await list({ current: 2, size: 3 }, sql`t.name like 'row 1_'`);
    expect(small).toMatchObject({ total: 10, totalExact: true, current: 2, size: 3 });
    expect(small.records.map((r) => r.sort)).toEqual([...small.records.map((r) => r.sort)].sort());
    const big = await list({ current: 1, size: 20 });
    expect(big).toMatchObject({ total: TOTAL_CAP, totalExact: false });
    // Past the cap on an offset page, the total is the rows known to exist up to that page.
    const beyond = await list({ current: 501, size: 20 });
    expect(beyond).toMatchObject({ total: 501 * 20, totalExact: false });
    expect(beyond.nextCursor).not.toBeNull();
    expect(big.records).toHaveLength(20);
    expect(big.records.every((r) => r.name !== 'theirs')).toBe(true);
  });

  it('reaches any depth with a cursor, continuing exactly after the previous page', async () => {
    const first = await list({ current: 1, size: 50 });
    const second = await list({ current: 2, size: 50, cursor: first.nextCursor! });
    const byOffset = await list({ current: 2, size: 50 });
    expect(second.records).toEqual(byOffset.records);
    // Far past the cap: walk with cursors from a deep offset page and compare with plain offsets.
    const lastPage = ROWS / 50;
    const deep = await list({ current: lastPage - 1, size: 50 });
    const after = await list({ current: lastPage, size: 50, cursor: deep.nextCursor! });
    expect(after.records.map((r) => r.id)).toEqual((await list({ current: lastPage, size: 50 })).records.map((r) => r.id));
    expect(after.records).toHaveLength(50);
    // The last page is exactly full: nothing follows, so it offers no cursor (by key or by offset).
    expect(after.nextCursor).toBeNull();
    expect((await list({ current: lastPage, size: 50 })).nextCursor).toBeNull();
    await expect(list({ current: 1, size: 5, cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(AppError);
  });

  it('finds or answers 404 with the domain message, creates, updates and deletes with audit rows', async () => {
    await expect(inTenant(({ tx }) => findOr404(tx, probes, 999_999, { message: 'dict.notFound' }))).rejects.toMatchObject({
      status: 404,
      key: 'dict.notFound',
    });
    const theirs = await inTenant(({ tx }) => tx.select().from(probes), OTHER_TENANT);
    await expect(inTenant(({ tx }) => findOr404(tx, probes, theirs[0].id))).rejects.toMatchObject({ status: 404 });
    const created = await inTenant((ctx) => auditedInsert(ctx, probes, 'probe', { name: 'audited' }));
    await expect(
      inTenant(({ tx }) => assertUnique(tx, probes, eq(probes.name, 'audited'), { message: 'dict.codeExists', params: { code: 'audited' } })),
    ).rejects.toMatchObject({ status: 409, key: 'dict.codeExists', params: { code: 'audited' } });
    await inTenant(({ tx }) => assertUnique(tx, probes, eq(probes.name, 'audited'), { exceptId: created.id, message: 'x.y' }));
    await inTenant(async (ctx) => auditedUpdate(ctx, probes, 'probe', await findOr404(ctx.tx, probes, created.id, { lock: true }), { name: 'renamed' }));
    await inTenant(async (ctx) => auditedDelete(ctx, probes, 'probe', [await findOr404(ctx.tx, probes, created.id)]));
    const audit = await inTenant(({ tx }) =>
      tx.execute(sql`select action, before->>'name' as before, after->>'name' as after from audit_log
        where resource = 'probe' and resource_id = ${String(created.id)} order by id`),
    );
    expect(rowsOf(audit)).toEqual([
      { action: 'create', before: null, after: 'audited' },
      { action: 'update', before: 'audited', after: 'renamed' },
      { action: 'delete', before: 'renamed', after: null },
    ]);
  });

  it('soft-deletes: the row stays, hidden by notDeleted', async () => {
    const row = await inTenant((ctx) => auditedInsert(ctx, probes, 'probe', { name: 'soft' }));
    await inTenant(async (ctx) => auditedSoftDelete(ctx, probes, 'probe', [await findOr404(ctx.tx, probes, row.id)]));
    await expect(inTenant(({ tx }) => findOr404(tx, probes, row.id, { where: notDeleted(probes) }))).rejects.toMatchObject({ status: 404 });
    expect((await inTenant(({ tx }) => findOr404(tx, probes, row.id))).deletedAt).toBeInstanceOf(Date);
  });

  it('builds trees in one pass, keeping order, dropping or lifting orphans, surviving cycles', () => {
    const rows = [
      { id: 1, parentId: 0 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 1 },
      { id: 4, parentId: 9 },
      { id: 5, parentId: 6 },
      { id: 6, parentId: 5 },
    ];
    interface Node {
      id: number;
      children: Node[];
    }
    const node = (r: { id: number }): Node => ({ id: r.id, children: [] });
    const options = { id: (r: { id: number }) => r.id, parentId: (r: { parentId: number }) => r.parentId };
    const lifted = buildTree(rows, node, options);
    expect(lifted.map((n) => n.id)).toEqual([1, 4]);
    expect(lifted[0].children.map((n) => n.id)).toEqual([2, 3]);
    expect(buildTree(rows, node, { ...options, orphans: 'drop' })).toEqual([]);
    expect(buildTree(rows, node, { ...options, orphans: 'drop', isRoot: (r) => r.parentId === 0 }).map((n) => n.id)).toEqual([1]);
  });
});
