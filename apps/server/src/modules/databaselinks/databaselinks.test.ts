import { databaseLink, databaseLinkTestResult, linkedColumn, linkedRows, linkedTable, linkedTableWithColumns } from '@macro/contract/databaselinks';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  listening,
  signedInServer,
  signIn,
  startServer,
  type TestServer,
} from '../../test/helper.ts';

const BASE = '/api/database-links';

const [hasPostgres, hasMariadb] = await Promise.all([listening(5432), listening(3306)]);
if (!hasPostgres) console.warn('databaselinks: no PostgreSQL on 127.0.0.1:5432, links to it are not tested');
if (!hasMariadb) console.warn('databaselinks: no MariaDB/MySQL on 127.0.0.1:3306 (root, database test), links to it are not tested');

/** The tables every kind is browsed on, made fresh for each run (names unique to it). */
const RUN = `${dbLabel}_${process.pid}`;
const PG_SCHEMA = `link_probe_${RUN}`;
const MARIA_USER = `macro_link_${RUN}`.slice(0, 32);
const MARIA_PASSWORD = 'Link#pass-1';
const MARIA_TABLE = `link_probe_${RUN}`;

describeDb(`database links (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer({ linkStatementMs: 1500 }));
  });
  afterAll(() => server.close());

  const pgLink = { kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', schema: PG_SCHEMA };
  const mariaLink = { kind: 'mysql', host: '127.0.0.1', port: 3306, database: 'test', username: MARIA_USER, password: MARIA_PASSWORD };
  const create = async (client: Client, name: string, link: object = pgLink, extra = {}) =>
    expectOk(await client.post(BASE, { name, ...link, ...extra }), databaseLink);
  const test = async (client: Client, body: object) => expectOk(await client.post(`${BASE}/test`, body), databaseLinkTestResult);

  it('keeps a link with its password sealed: never returned, kept when not retyped, removed when blanked', async () => {
    const created = await create(admin, '财务库', pgLink, { password: 'S3cret-pass', groupName: '财务', sort: 3, remark: '月结' });
    expect(created).toMatchObject({
      name: '财务库',
      kind: 'postgresql',
      host: '127.0.0.1',
      port: 5432,
      hasPassword: true,
      groupName: '财务',
      schema: PG_SCHEMA,
    });
    expect((await admin.get(`${BASE}/group`)).json().data).toEqual(expect.arrayContaining([{ name: '财务', count: 1 }]));
    const reads = [
      await admin.get(`${BASE}/${created.id}`),
      await admin.get(`${BASE}?name=${encodeURIComponent('财务')}`),
      await admin.post(BASE, { ...pgLink, id: created.id, name: '财务库' }),
    ];
    for (const read of reads) expect(read.body).not.toContain('S3cret-pass');
    // At rest: sealed under the data key, not the text typed.
    const [stored] = rowsOf<{ password_sealed: string }>(
      await server.database.db.execute(sql`select password_sealed from macro_database_link where id = ${created.id}`),
    );
    expect(stored.password_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(stored.password_sealed).not.toContain('S3cret');
    expect(expectOk(await admin.get(`${BASE}/${created.id}`), databaseLink).hasPassword).toBe(true);
    const blanked = expectOk(await admin.post(BASE, { ...pgLink, id: created.id, name: '财务库', password: '' }), databaseLink);
    expect(blanked.hasPassword).toBe(false);
    expect((await admin.delete(`${BASE}?ids=${created.id}`)).json().data).toEqual({ removed: 1 });
    expectFailure(await admin.get(`${BASE}/${created.id}`), 404, '数据库连接不存在');
  });

  it("refuses bad fields with the field's message in the reader's language, and a second link of one name", async () => {
    expectFailure(await admin.post(BASE, { ...pgLink, name: '' }), 400, '请输入连接名称');
    expectFailure(await adminEn.post(BASE, { ...pgLink, name: 'x', port: 70000 }), 400, 'The port is a whole number from 1 to 65535');
    expectFailure(await adminEn.post(BASE, { ...pgLink, name: 'x', host: 'http://db.example.com:5432/x' }), 400, /without scheme, port or path/);
    expectFailure(await admin.post(BASE, { ...pgLink, name: 'x', kind: 'oracle' }), 400, '请选择数据库类型');
    expectFailure(await admin.post(BASE, { ...pgLink, name: 'x', schema: 'public; drop' }), 400, /^模式名只能包含/);
    await create(admin, '同名', pgLink);
    expectFailure(await adminEn.post(BASE, { ...pgLink, name: '同名' }), 409, 'A link named "同名" already exists');
    const results = await Promise.all([1, 2, 3].map(() => admin.post(BASE, { ...pgLink, name: 'race' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, /已存在/);
  });

  it('refuses hosts outside MACRO_LINK_HOSTS before connecting, and by default loopback, link-local and metadata', async () => {
    const strict = await startServer({ linkHosts: [] });
    try {
      const client = as(strict, (await signIn(strict)).access_token, 'en');
      for (const host of ['127.0.0.1', 'localhost', '169.254.169.254', '[::1]', '0.0.0.0']) {
        const result = await test(client, { ...pgLink, host });
        expect(result, host).toMatchObject({ ok: false, reason: expect.stringContaining('may not be reached') });
      }
      const saved = await create(client, 'loopback', pgLink);
      expectFailure(await client.get(`${BASE}/tables?id=${saved.id}`), 422, /may not be reached/);
    } finally {
      await strict.close();
    }
  });

  it("says why a connection fails, in the reader's language, without the database's own text", async () => {
    const refused = await test(adminEn, { ...pgLink, port: 1 });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('refused the connection') });
    expect((await test(admin, { ...pgLink, port: 1 })).reason).toContain('主机拒绝了连接');
    expectFailure(await admin.post(`${BASE}/test`, { kind: 'postgresql' }), 400, /^请填写数据库类型/);
    expectFailure(await other.post(`${BASE}/test`, { id: 2_000_000 }), 404);
  });

  describe.skipIf(!hasPostgres)('on PostgreSQL', () => {
    beforeAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${PG_SCHEMA} cascade; create schema ${PG_SCHEMA};
        create table ${PG_SCHEMA}.orders (id integer primary key, title varchar(40) not null, amount numeric(12, 2), placed date default current_date);
        comment on table ${PG_SCHEMA}.orders is '订单'; comment on column ${PG_SCHEMA}.orders.title is '标题';
        insert into ${PG_SCHEMA}.orders select g, '单' || g, g * 1.5, date '2026-01-01' + g from generate_series(1, 25) g;
        create view ${PG_SCHEMA}.slow as select pg_sleep(5)::text as slept;`);
      await client.end();
    });
    afterAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${PG_SCHEMA} cascade`);
      await client.end();
    });

    it('tests, lists tables, describes columns, pages rows and shows the tree', async () => {
      const result = await test(admin, pgLink);
      expect(result).toMatchObject({ ok: true, reason: '' });
      expect(result.version).toMatch(/^PostgreSQL \d+/);
      const link = await create(admin, 'pg-probe', pgLink);
      const tables = expectOk(await admin.get(`${BASE}/tables?id=${link.id}`), z.array(linkedTable));
      expect(tables).toEqual([
        { name: 'orders', kind: 'table', comment: '订单' },
        { name: 'slow', kind: 'view', comment: '' },
      ]);
      expect(expectOk(await admin.get(`${BASE}/tables?id=${link.id}&name=ORD`), z.array(linkedTable))).toEqual([]);
      expect(expectOk(await admin.get(`${BASE}/tables?id=${link.id}&name=ord`), z.array(linkedTable)).map((t) => t.name)).toEqual(['orders']);
      const columns = expectOk(await admin.get(`${BASE}/columns?id=${link.id}&table=orders`), z.array(linkedColumn));
      expect(columns).toEqual([
        { name: 'id', type: 'integer', length: null, nullable: false, primaryKey: true, defaultValue: null, comment: '' },
        { name: 'title', type: 'character varying', length: 40, nullable: false, primaryKey: false, defaultValue: null, comment: '标题' },
        { name: 'amount', type: 'numeric', length: 12, nullable: true, primaryKey: false, defaultValue: null, comment: '' },
        { name: 'placed', type: 'date', length: null, nullable: true, primaryKey: false, defaultValue: 'CURRENT_DATE', comment: '' },
      ]);
      const page = expectOk(await admin.get(`${BASE}/${link.id}/datas?table=orders&current=2&size=10`), linkedRows);
      expect(page).toMatchObject({ columns: ['id', 'title', 'amount', 'placed'], total: 25, totalExact: true, current: 2, size: 10 });
      expect(page.records.map((row) => row.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      expect(page.records[0]).toMatchObject({ title: '单11', amount: '16.50' });
      const tree = expectOk(await admin.get(`${BASE}/${link.id}/tree`), z.array(linkedTableWithColumns));
      expect(tree.map((table) => [table.name, table.columns.length])).toEqual([
        ['orders', 4],
        ['slow', 1],
      ]);
    });

    it('reads only tables the catalogue names, stops a statement past the time-out, and keeps other tenants out', async () => {
      const link = await create(admin, 'pg-guard', pgLink);
      for (const table of ['orders; drop table orders', 'orders"--', '../orders', 'pg_authid']) {
        expectFailure(await adminEn.get(`${BASE}/${link.id}/datas?table=${encodeURIComponent(table)}`), 404, /does not exist/);
      }
      const started = Date.now();
      expectFailure(await adminEn.get(`${BASE}/${link.id}/datas?table=slow`), 502, /no answer within 1.5 s/);
      expect(Date.now() - started).toBeLessThan(4500);
      for (const path of [
        `${BASE}/${link.id}`,
        `${BASE}/tables?id=${link.id}`,
        `${BASE}/columns?id=${link.id}&table=orders`,
        `${BASE}/${link.id}/tree`,
        `${BASE}/${link.id}/datas?table=orders`,
      ]) {
        expectFailure(await other.get(path), 404);
      }
      expectFailure(await other.post(`${BASE}/test`, { id: link.id }), 404);
      expectFailure(await other.post(BASE, { ...pgLink, id: link.id, name: 'stolen' }), 404);
      expectFailure(await other.delete(`${BASE}?ids=${link.id}`), 404);
      // The pool reopens on the changed link: a schema that does not exist lists no table.
      expectOk(await admin.post(BASE, { ...pgLink, id: link.id, name: 'pg-guard', schema: 'nowhere' }), databaseLink);
      expect(expectOk(await admin.get(`${BASE}/tables?id=${link.id}`), z.array(linkedTable))).toEqual([]);
    });
  });

  describe.skipIf(!hasMariadb)('on MariaDB / MySQL', () => {
    const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true });
    beforeAll(async () => {
      const connection = await root();
      await connection.query(`drop user if exists '${MARIA_USER}'@'%'; create user '${MARIA_USER}'@'%' identified by '${MARIA_PASSWORD}';
        drop table if exists ${MARIA_TABLE};
        create table ${MARIA_TABLE} (id int primary key comment '编号', title varchar(40) not null default '无', amount decimal(12,2), placed datetime) comment '订单';
        grant select on test.${MARIA_TABLE} to '${MARIA_USER}'@'%';`);
      const values = Array.from({ length: 25 }, (_, i) => [i + 1, `单${i + 1}`, (i + 1) * 1.5, '2026-01-02 03:04:05']);
      await connection.query(`insert into ${MARIA_TABLE} values ?`, [values]);
      await connection.end();
    });
    afterAll(async () => {
      const connection = await root();
      await connection.query(`drop table if exists ${MARIA_TABLE}; drop user if exists '${MARIA_USER}'@'%'`);
      await connection.end();
    });

    it('signs in with the sealed password, and says so when it is wrong', async () => {
      const wrong = await test(admin, { ...mariaLink, password: 'wrong' });
      expect(wrong).toMatchObject({ ok: false, reason: expect.stringContaining('用户名或密码错误') });
      const link = await create(admin, 'maria-probe', mariaLink);
      const saved = await test(admin, { id: link.id });
      expect(saved.ok).toBe(true);
      expect(saved.version).toMatch(/^\d+\.\d+/);
      // The form as typed, its password not retyped: the saved one is used.
      expect((await test(admin, { ...mariaLink, password: undefined, id: link.id })).ok).toBe(true);
      expect((await test(adminEn, { ...mariaLink, database: 'no_such_db', password: undefined, id: link.id })).reason).toMatch(
        /does not exist|wrong user name or password/i,
      );
    });

    it('lists tables, describes columns and pages rows', async () => {
      const link = await create(admin, 'maria-browse', mariaLink);
      expect(expectOk(await admin.get(`${BASE}/tables?id=${link.id}&name=${MARIA_TABLE}`), z.array(linkedTable))).toEqual([
        { name: MARIA_TABLE, kind: 'table', comment: '订单' },
      ]);
      expect(expectOk(await admin.get(`${BASE}/columns?id=${link.id}&table=${MARIA_TABLE}`), z.array(linkedColumn))).toEqual([
        { name: 'id', type: 'int', length: 10, nullable: false, primaryKey: true, defaultValue: null, comment: '编号' },
        { name: 'title', type: 'varchar', length: 40, nullable: false, primaryKey: false, defaultValue: '无', comment: '' },
        { name: 'amount', type: 'decimal', length: 12, nullable: true, primaryKey: false, defaultValue: null, comment: '' },
        { name: 'placed', type: 'datetime', length: null, nullable: true, primaryKey: false, defaultValue: null, comment: '' },
      ]);
      const page = expectOk(await admin.get(`${BASE}/${link.id}/datas?table=${MARIA_TABLE}&current=3&size=10`), linkedRows);
      expect(page).toMatchObject({ columns: ['id', 'title', 'amount', 'placed'], total: 25, totalExact: true });
      expect(page.records).toEqual([21, 22, 23, 24, 25].map((id) => ({ id, title: `单${id}`, amount: (id * 1.5).toFixed(2), placed: '2026-01-02 03:04:05' })));
      expectFailure(await admin.get(`${BASE}/${link.id}/datas?table=${encodeURIComponent('x` union select 1 --')}`), 404);
    });
  });
});

describeDb(`table designs released onto linked databases (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer());
  });
  afterAll(() => server.close());

  const columns = [
    { name: 'id', type: 'bigint', primaryKey: true, nullable: false, comment: '编号' },
    { name: 'title', type: 'varchar', length: 60, nullable: false, defaultValue: "it's new", comment: '标题' },
    { name: 'amount', type: 'decimal', length: 12, scale: 2, defaultValue: '0' },
    { name: 'placed', type: 'datetime', defaultValue: 'now' },
    { name: 'done', type: 'boolean', defaultValue: 'false' },
  ];
  const plan = z.object({
    tableName: z.string(),
    exists: z.boolean(),
    statements: z.array(z.string()),
    problems: z.array(z.string()),
    kept: z.array(z.string()),
    done: z.boolean(),
  });

  /** Designs a table on a link, releases it, adds a column, and is refused a change — on either kind. */
  async function designAndRelease(linkBody: object, table: string, read: (sql: string) => Promise<Record<string, unknown>[]>) {
    const link = expectOk(await admin.post('/api/database-links', { name: `design ${table}`, ...linkBody }), databaseLink);
    const name = async (query: string) =>
      expectOk(await admin.get(`${BASE}/validate-tablename?id=${link.id}&name=${query}`), z.object({ ok: z.boolean(), reason: z.string() }));
    expect(await name(table)).toEqual({ ok: true, reason: '表名可用' });
    expect((await name('select')).reason).toMatch(/保留字/);
    expect((await name('1abc')).ok).toBe(false);
    const draft = expectOk(
      await admin.post('/api/database-draft', { linkId: link.id, tableName: table, comment: '订单', columns }),
      z.object({ id: z.number() }),
    );
    const first = expectOk(await admin.post(`${BASE}/validate-table`, { draftId: draft.id }), plan);
    expect(first).toMatchObject({ tableName: table, exists: false, problems: [], done: false });
    expect(first.statements[0]).toMatch(/^create table/);
    // Nothing ran yet.
    expect(await name(table)).toMatchObject({ ok: true });
    expect(expectOk(await admin.post(`${BASE}/release`, { draftId: draft.id }), plan)).toMatchObject({ done: true, exists: false });
    expect((await name(table)).reason).toMatch(/已存在/);
    await read(`insert into ${table} (id) values (1)`);
    const [row] = await read(`select * from ${table}`);
    expect(row).toMatchObject({ title: "it's new" });
    expect(Number(row.amount)).toBe(0);
    expect(row.placed).toBeTruthy();

    // A column more: only it is added; a column left out stays.
    const more = [...columns.filter((c) => c.name !== 'done'), { name: 'note', type: 'text', comment: '备注' }];
    expectOk(await admin.post('/api/database-draft', { id: draft.id, linkId: link.id, tableName: table, columns: more }), z.object({ id: z.number() }));
    const second = expectOk(await admin.post(`${BASE}/validate-table`, { draftId: draft.id }), plan);
    expect(second).toMatchObject({ exists: true, problems: [], kept: ['done'] });
    // One column added (PostgreSQL writes its comment in a statement of its own).
    expect(second.statements.filter((statement) => /^alter table/.test(statement))).toHaveLength(1);
    expect(second.statements[0]).toMatch(/^alter table .* add column .*note/);
    expectOk(await admin.post(`${BASE}/release`, { draftId: draft.id }), plan);
    expect(Object.keys((await read(`select * from ${table}`))[0])).toEqual(['id', 'title', 'amount', 'placed', 'done', 'note']);

    // A change, a narrowing or a NOT NULL column without default on a table with rows: refused with every reason, nothing run.
    const changed = more
      .map((c) => (c.name === 'amount' ? { ...c, type: 'int', length: null, scale: null } : c))
      .concat([{ name: 'must', type: 'int', nullable: false } as never]);
    expectOk(await admin.post('/api/database-draft', { id: draft.id, linkId: link.id, tableName: table, columns: changed }), z.object({ id: z.number() }));
    const refused = await adminEn.post(`${BASE}/release`, { draftId: draft.id });
    expectFailure(
      refused,
      422,
      /Cannot release: Column amount exists with another type .* Column must, added to an existing table, must be nullable or have a default/,
    );
    expect(Object.keys((await read(`select * from ${table}`))[0])).not.toContain('must');
    // The existing table's columns, as a design starts from them.
    const fields = expectOk(
      await admin.get(`${BASE}/fields?id=${link.id}&table=${table}`),
      z.array(z.object({ name: z.string(), type: z.string().nullable() })),
    );
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['id', 'bigint'],
      ['title', 'varchar'],
      ['amount', 'decimal'],
      ['placed', 'datetime'],
      ['done', 'boolean'],
      ['note', 'text'],
    ]);
    // Another tenant reaches no design of ours.
    expectFailure(await other.get(`/api/database-draft/${draft.id}`), 404);
    expectFailure(await other.post(`${BASE}/release`, { draftId: draft.id }), 404);
    expect((await other.get('/api/database-draft')).json().data).toEqual([]);
    expectFailure(await other.post('/api/database-draft', { linkId: link.id, tableName: 'x', columns }), 404);
  }

  it.skipIf(!hasPostgres)('creates a table on PostgreSQL, adds a column, and never changes one', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    const schema = `design_${RUN}`;
    await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    try {
      await designAndRelease(
        { kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', schema },
        'orders',
        async (text) => (await client.query(text.replace(/\borders\b/, `${schema}.orders`))).rows,
      );
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it.skipIf(!hasMariadb)('creates a table on MariaDB, adds a column, and never changes one', async () => {
    const connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', dateStrings: true });
    const table = `design_${RUN}`;
    await connection.query(`drop table if exists ${table}`);
    try {
      await designAndRelease({ kind: 'mysql', host: '127.0.0.1', port: 3306, database: 'test', username: 'root' }, table, async (text) => {
        const [rows] = await connection.query(text);
        return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
      });
    } finally {
      await connection.query(`drop table if exists ${table}`);
      await connection.end();
    }
  });

  it('keeps reusable columns', async () => {
    const field = expectOk(
      await admin.post('/api/database-field', { name: 'created_by', type: 'varchar', length: 40, comment: '创建人' }),
      z.object({ id: z.number() }),
    );
    expect((await admin.get('/api/database-field')).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: field.id, name: 'created_by', length: 40 })]),
    );
    expectFailure(await admin.post('/api/database-field', { name: '1bad', type: 'text' }), 400);
    expectFailure(await other.delete(`/api/database-field?ids=${field.id}`), 404);
    expect((await admin.delete(`/api/database-field?ids=${field.id}`)).json().data).toEqual({ removed: 1 });
  });
});
