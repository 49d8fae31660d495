import { databaseLink, databaseLinkTestResult, linkedColumn, linkedRows, linkedTable, linkedTableWithColumns } from '@macro/contract/databaselinks';
import { dataSource, dataSourcePage } from '@macro/contract/datasources';
import { rowsOf, withTenant } from '@macro/store';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../identity/users.ts';
import { castOf, type Client, dbLabel, describeDb, expectFailure, expectOk, OTHER_TENANT, TENANT } from '../../test/helper.ts';
import { PRODUCT_VIEWS } from './drivers/index.ts';

const BASE = '/api/database-links';
const SOURCES = '/api/data-sources';
/** A department number both tenants' test users are put in: only row-level security tells them apart. */
const DEPT = 4242;

describeDb(`a link to the console's own database (${dbLabel})`, () => {
  const cast = castOf('product_link_clerk', { linkStatementMs: 1500 });
  let linkId: number;
  let ownUser: number;
  let otherUser: number;

  const create = async (client: Client, body: object) => expectOk(await client.post(BASE, { kind: 'product', ...body }), databaseLink);
  const preview = (client: Client, text: string, parameters: object[] = [], values: object = {}, link = linkId) =>
    client.post(`${SOURCES}/preview`, { linkId: link, sql: text, parameters, values });
  /** A user in DEPT of `tenant`, named so a leak across tenants is easy to spot. */
  const userIn = (tenant: string, account: string) =>
    withTenant(cast.server.database.db, tenant, async (tx) => {
      const id = await createUser(tx, { account, name: account, password: 'Product@123456' });
      await tx.execute(sql`update macro_user set dept_id = ${DEPT} where id = ${id}`);
      return id;
    });

  beforeAll(async () => {
    linkId = (await create(cast.admin, { name: '本系统' })).id;
    ownUser = await userIn(TENANT, 'ProductLinkOwnUser');
    otherUser = await userIn(OTHER_TENANT, 'ProductLinkOtherTenantUser');
    for (const [tenant, marker] of [
      [TENANT, 'ProductLinkOwnDict'],
      [OTHER_TENANT, 'ProductLinkOtherTenantDict'],
    ]) {
      await withTenant(cast.server.database.db, tenant, async (tx) => {
        const [head] = rowsOf<{ id: number }>(
          await tx.execute(
            sql`insert into macro_dict (kind, parent_id, code, dict_key, dict_value) values ('biz', 0, 'plk_colour', '-1', ${marker}) returning id`,
          ),
        );
        await tx.execute(
          sql`insert into macro_dict (kind, parent_id, code, dict_key, dict_value, sort) values ('biz', ${head.id}, 'plk_colour', 'red', ${`${marker} red`}, 1)`,
        );
      });
    }
  });

  it('is kept without host, port, database, user or password (any sent are ignored), shown by its kind, and answers its version', async () => {
    const { admin } = cast;
    const created = await create(admin, { name: '本系统二', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', password: 'ignored' });
    expect(created).toMatchObject({ kind: 'product', host: '', port: 0, database: '', username: '', hasPassword: false, ssl: false, schema: '' });
    expect(expectOk(await admin.get(`${BASE}/${created.id}`), databaseLink).kind).toBe('product');
    const listed = expectOk(await admin.get(`${BASE}?kind=product`), z.object({ records: z.array(databaseLink) })).records;
    expect(listed.map((link) => link.name).sort()).toEqual(['本系统', '本系统二']);
    const [stored] = rowsOf<{ password_sealed: string | null; host: string }>(
      await cast.server.database.db.execute(sql`select password_sealed, host from macro_database_link where id = ${created.id}`),
    );
    expect(stored).toEqual({ password_sealed: null, host: '' });
    for (const body of [{ id: created.id }, { kind: 'product' }]) {
      const tested = expectOk(await admin.post(`${BASE}/test`, body), databaseLinkTestResult);
      expect(tested).toMatchObject({ ok: true, reason: '', version: expect.stringMatching(/^PostgreSQL \d+/) });
    }
    // An external kind still needs its connection: the product kind is no way around it.
    expectFailure(await admin.post(BASE, { kind: 'postgresql', name: 'x' }), 400, '请输入主机地址');
  });

  it('lists exactly the views made for queries, their columns without any secret, and pages their rows', async () => {
    const { admin } = cast;
    const tree = expectOk(await admin.get(`${BASE}/${linkId}/tree`), z.array(linkedTableWithColumns));
    expect(tree.map((table) => table.name)).toEqual([...PRODUCT_VIEWS].sort());
    expect(tree.every((table) => table.kind === 'view')).toBe(true);
    const columns = tree.flatMap((table) => table.columns.map((column) => column.name));
    expect(columns.filter((name) => /password|token|secret|hash/i.test(name))).toEqual([]);
    expect(tree.find((table) => table.name === 'read_dict_items')?.columns.map((column) => column.name)).toEqual([
      'item_id',
      'kind',
      'code',
      'parent_id',
      'dict_key',
      'dict_value',
      'sort',
      'sealed',
      'remark',
    ]);
    expect(expectOk(await admin.get(`${BASE}/tables?id=${linkId}&name=dict`), z.array(linkedTable)).map((table) => table.name)).toEqual([
      'read_dict_items',
      'read_dicts',
    ]);
    expect(expectOk(await admin.get(`${BASE}/columns?id=${linkId}&table=approver_users`), z.array(linkedColumn)).map((c) => c.name)).toContain('dept_id');
    for (const table of ['macro_user', 'auth_session', 'platform_key', 'pg_authid', 'approver_users; select 1']) {
      expectFailure(await admin.get(`${BASE}/columns?id=${linkId}&table=${encodeURIComponent(table)}`), 404);
      expectFailure(await admin.get(`${BASE}/${linkId}/datas?table=${encodeURIComponent(table)}`), 404);
    }
    const page = expectOk(await admin.get(`${BASE}/${linkId}/datas?table=approver_users&size=200`), linkedRows);
    const accounts = page.records.map((row) => row.account);
    expect(accounts).toContain('ProductLinkOwnUser');
    expect(accounts).not.toContain('ProductLinkOtherTenantUser');
    expect(page.total).toBe(page.records.length);
  });

  it("runs a data source with a parameter as the request's own login: its tenant's rows only, the value bound", async () => {
    const { admin, other } = cast;
    const source = expectOk(
      await admin.post(SOURCES, {
        name: '本部门用户',
        linkId,
        sql: 'select user_id, name from approver_users where dept_id = @dept order by user_id',
        parameters: [{ name: 'dept', type: 'number', required: true }],
      }),
      dataSource,
    );
    const data = expectOk(await admin.get(`${SOURCES}/${source.id}/data?params=${encodeURIComponent(JSON.stringify({ dept: DEPT }))}`), dataSourcePage);
    expect(data.records).toEqual([{ user_id: ownUser, name: 'ProductLinkOwnUser' }]);
    expect(data).toMatchObject({ total: 1, totalExact: true });
    expect(JSON.stringify(data)).not.toContain('ProductLinkOtherTenant');
    expect(expectOk(await admin.get(`${SOURCES}/${source.id}/fields`), z.array(z.object({ name: z.string(), type: z.string() })))).toEqual([
      { name: 'user_id', type: 'int4' },
      { name: 'name', type: 'text' },
    ]);
    // A value travels apart from the text: quotes in it are text, never SQL.
    const byName = expectOk(
      await preview(admin, 'select user_id from approver_users where name = @name or account = @name', [{ name: 'name' }], { name: "x' or '1'='1" }),
      dataSourcePage,
    );
    expect(byName.records).toEqual([]);
    const dict = expectOk(
      await preview(admin, "select dict_key, dict_value from read_dict_items where code = @code and kind = 'biz'", [{ name: 'code' }], { code: 'plk_colour' }),
      dataSourcePage,
    );
    expect(dict.records).toEqual([{ dict_key: 'red', dict_value: 'ProductLinkOwnDict red' }]);
    // The other tenant meets neither the link nor the data source, and its own link shows its own rows.
    expectFailure(await other.get(`${BASE}/${linkId}`), 404);
    expectFailure(await other.get(`${BASE}/${linkId}/tree`), 404);
    expectFailure(await other.post(`${BASE}/test`, { id: linkId }), 404);
    expectFailure(await other.get(`${SOURCES}/${source.id}/data?params=${encodeURIComponent(JSON.stringify({ dept: DEPT }))}`), 404);
    expectFailure(await preview(other, 'select user_id from approver_users'), 404);
    const theirs = (await create(other, { name: '本系统' })).id;
    const seen = expectOk(
      await preview(other, 'select user_id, name from approver_users where dept_id = @dept', [{ name: 'dept', type: 'number' }], { dept: DEPT }, theirs),
      dataSourcePage,
    );
    expect(seen.records).toEqual([{ user_id: otherUser, name: 'ProductLinkOtherTenantUser' }]);
  });

  it('refuses hostile SQL with the reason before anything runs, and never shows what the database said', async () => {
    const { admin, adminEn } = cast;
    const count = async () => rowsOf<{ n: number }>(await cast.server.database.db.execute(sql`select count(*)::int as n from macro_dict`))[0].n;
    const before = await count();
    for (const [text, reason] of [
      ['select * from macro_user', 'relation macro_user'],
      ['select password_hash from macro_user', 'relation macro_user'],
      ['select * from auth_session', 'relation auth_session'],
      ['select * from platform_key', 'relation platform_key'],
      ['select * from pg_authid', 'relation pg_authid'],
      ['select relname from pg_catalog.pg_class', 'relation pg_catalog.pg_class'],
      ['select table_name from information_schema.tables', 'relation information_schema.tables'],
      ['select * from public.approver_users', 'relation public.approver_users'],
      ['select pg_sleep(5)', 'function pg_sleep'],
      ["select set_config('app.tenant_id', '200001', true)", 'function set_config'],
      ["select current_setting('app.tenant_id')", 'function current_setting'],
      ["select pg_read_file('/etc/passwd')", 'function pg_read_file'],
      ['select user_id from approver_users; delete from macro_dict', 'exactly one statement'],
      ['delete from macro_dict', 'only a SELECT'],
      ['select user_id from approver_users for update', 'row locks'],
      ['select current_user', 'current_user'],
      ["select query_to_xml('select * from platform_key', true, true, '')", 'function query_to_xml'],
    ]) {
      const body = expectFailure(await preview(adminEn, text), 422, /^The query is not allowed: /);
      expect(body.sys_msg, text).toContain(reason);
      expectFailure(await admin.post(SOURCES, { name: `hostile ${text.length}`, linkId, sql: text, parameters: [] }), 422);
    }
    expect(await count()).toBe(before);
    // No secret column in the views: a query for one fails with the SQLSTATE alone.
    expectFailure(await preview(adminEn, 'select password_hash from approver_users'), 502, 'The database could not run it (42703)');
  });

  it.runIf(dbLabel === 'postgres')('stops a query past the time-out with the reason (PGlite has no statement time-out)', async () => {
    const started = Date.now();
    expectFailure(
      await preview(cast.adminEn, 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000000) select max(i) as m from n'),
      502,
      'The database gave no answer within 1.5 s',
    );
    expect(Date.now() - started).toBeLessThan(6_000);
    // Nothing is left behind: the next query on the link runs at once.
    expect(expectOk(await preview(cast.admin, 'select count(*) as n from read_dicts'), dataSourcePage).records).toHaveLength(1);
  });

  it('is read-only: no table is designed, checked or released on it (422 in words)', async () => {
    const { admin, adminEn } = cast;
    expectFailure(
      await adminEn.post('/api/database-draft', { linkId, tableName: 'notes', columns: [{ name: 'id', type: 'int', primaryKey: true }] }),
      422,
      "This console's database is read-only: no table is designed, released or written there",
    );
    expectFailure(await admin.get(`${BASE}/validate-tablename?id=${linkId}&name=notes`), 422, '本系统数据库只读：不能在其中设计、发布表或写入数据');
    expectFailure(await admin.get(`${BASE}/fields?id=${linkId}&table=approver_users`), 422);
    // A design made while the link pointed elsewhere is not released once it is the console's own.
    const elsewhere = { kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres' };
    const link = expectOk(await admin.post(BASE, { ...elsewhere, name: 'soon-product' }), databaseLink);
    const draft = expectOk(
      await admin.post('/api/database-draft', { linkId: link.id, tableName: 'notes', columns: [{ name: 'id', type: 'int', primaryKey: true }] }),
      z.object({ id: z.number() }),
    );
    expectOk(await admin.post(BASE, { kind: 'product', id: link.id, name: 'soon-product' }), databaseLink);
    expectFailure(await admin.post(`${BASE}/validate-table`, { draftId: draft.id }), 422, /本系统数据库只读/);
    expectFailure(await admin.post(`${BASE}/release`, { draftId: draft.id }), 422, /本系统数据库只读/);
  });
});
