import { dataSource, dataSourcePage } from '@macro/contract/datasources';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, dbLabel, describeDb, expectFailure, expectOk, listening, signedInServer, type TestServer } from '../../test/helper.ts';
import { nest } from './service.ts';

const BASE = '/api/data-sources';

const [hasPostgres, hasMariadb] = await Promise.all([listening(5432), listening(3306)]);
if (!hasPostgres) console.warn('datasources: no PostgreSQL on 127.0.0.1:5432, data sources on it are not tested');
if (!hasMariadb) console.warn('datasources: no MariaDB/MySQL on 127.0.0.1:3306 (root, database test), data sources on it are not tested');

const RUN = `${dbLabel}_${process.pid}`;
const PG_SCHEMA = `ds_probe_${RUN}`;
const MARIA_TABLE = `ds_probe_${RUN}`;

describe('a data source tree', () => {
  it('nests rows by id and parent, roots the ones whose parent is empty, absent or a loop', () => {
    const tree = nest(
      [
        { id: 1, parent: null },
        { id: 2, parent: 1 },
        { id: 3, parent: 2 },
        { id: 4, parent: 99 },
        { id: 5, parent: 6 },
        { id: 6, parent: 5 },
        // Under a loop it is not part of: placed under 5, and the walk above it ends.
        { id: 7, parent: 5 },
      ],
      'id',
      'parent',
    );
    expect(tree.map((node) => node.id)).toEqual([1, 4, 5, 6]);
    expect(tree[2].children.map((node) => node.id)).toEqual([7]);
    expect(tree[0].children[0].children[0]).toMatchObject({ id: 3, children: [] });
  });
});

describeDb(`data sources (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEn: Client;
  let other: Client;
  beforeAll(async () => {
    ({ server, admin, adminEn, other } = await signedInServer({ linkStatementMs: 1500 }));
  });
  afterAll(() => server.close());

  const link = async (client: Client, body: object) => expectOk(await client.post('/api/database-links', body), z.object({ id: z.number() })).id;
  const save = async (client: Client, body: object) => expectOk(await client.post(BASE, body), dataSource);
  const page = async (client: Client, path: string) => expectOk(await client.get(path), dataSourcePage);

  describe.skipIf(!hasPostgres)('on PostgreSQL', () => {
    let linkId: number;
    /** A link to this machine's PostgreSQL, browsing the run's schema. */
    const pgLink = (name: string) =>
      link(admin, { name, kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'postgres', username: 'postgres', schema: PG_SCHEMA });
    beforeAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${PG_SCHEMA} cascade; create schema ${PG_SCHEMA};
        create table ${PG_SCHEMA}.depts (id integer primary key, parent_id integer, name text not null, budget numeric(12, 2));
        insert into ${PG_SCHEMA}.depts values (1, null, '总部', 100), (2, 1, '销售部', 50.5), (3, 1, '研发部', 70), (4, 3, '平台组', 20), (5, 3, '应用组', 20);
        create table ${PG_SCHEMA}.nums as select g as n from generate_series(1, 30) g;`);
      await client.end();
      linkId = await pgLink(`pg-${RUN}`);
    });
    afterAll(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(`drop schema if exists ${PG_SCHEMA} cascade`);
      await client.end();
    });

    it('keeps a query with typed parameters, reads its fields, pages its rows, its tree and a column’s values', async () => {
      const source = await save(admin, {
        name: '部门',
        linkId,
        sql: "select id, parent_id, name, budget from depts where budget >= @min and name <> '@not_a_parameter' order by id",
        parameters: [{ name: 'min', type: 'number', defaultValue: '0' }],
        idColumn: 'id',
        parentColumn: 'parent_id',
      });
      expect(source).toMatchObject({
        name: '部门',
        linkId,
        linkName: `pg-${RUN}`,
        parameters: [{ name: 'min', type: 'number', required: false, defaultValue: '0', label: '' }],
      });
      expect(expectOk(await admin.get(`${BASE}/${source.id}/fields`), z.array(z.object({ name: z.string(), type: z.string() })))).toEqual([
        { name: 'id', type: 'int4' },
        { name: 'parent_id', type: 'int4' },
        { name: 'name', type: 'text' },
        { name: 'budget', type: 'numeric' },
      ]);
      const all = await page(admin, `${BASE}/${source.id}/data?size=2&current=2`);
      expect(all).toMatchObject({ total: 5, totalExact: true, current: 2, size: 2 });
      expect(all.records).toEqual([
        { id: 3, parent_id: 1, name: '研发部', budget: '70.00' },
        { id: 4, parent_id: 3, name: '平台组', budget: '20.00' },
      ]);
      const rich = await page(admin, `${BASE}/${source.id}/data?params=${encodeURIComponent('{"min":"50"}')}`);
      expect(rich.records.map((row) => row.name)).toEqual(['总部', '销售部', '研发部']);
      expectFailure(await adminEn.get(`${BASE}/${source.id}/data?params=${encodeURIComponent('{"min":"many"}')}`), 400, 'The parameter min takes a number');
      expectFailure(await adminEn.get(`${BASE}/${source.id}/data?params=notjson`), 400, 'Parameter values are one JSON object');
      const tree = expectOk(await admin.get(`${BASE}/${source.id}/tree`), z.array(z.record(z.string(), z.unknown())));
      expect(tree).toHaveLength(1);
      const names = (nodes: Record<string, unknown>[]): unknown[] => nodes.map((node) => [node.name, names(node.children as Record<string, unknown>[])]);
      expect(names(tree)).toEqual([
        [
          '总部',
          [
            ['销售部', []],
            [
              '研发部',
              [
                ['平台组', []],
                ['应用组', []],
              ],
            ],
          ],
        ],
      ]);
      expect(expectOk(await admin.get(`${BASE}/${source.id}/columns/budget/data`), z.array(z.unknown()))).toEqual(['100.00', '50.50', '70.00', '20.00']);
      expectFailure(await adminEn.get(`${BASE}/${source.id}/columns/nothing/data`), 404, 'The result has no column "nothing"');
    });

    it('refuses a parameter the query uses but does not declare, and a required one left out', async () => {
      expectFailure(
        await adminEn.post(BASE, { name: 'x', linkId, sql: 'select n from nums where n > @floor' }),
        422,
        'The query uses @floor, which is not a declared parameter',
      );
      const source = await save(admin, {
        name: '必填',
        linkId,
        sql: 'select n from nums where n > @floor',
        parameters: [{ name: 'floor', label: '下限', type: 'number', required: true }],
      });
      expectFailure(await admin.get(`${BASE}/${source.id}/data`), 400, '请提供参数 下限');
      expect((await page(admin, `${BASE}/${source.id}/data?params=${encodeURIComponent('{"floor":25}')}`)).records.map((r) => r.n)).toEqual([
        26, 27, 28, 29, 30,
      ]);
    });

    it.each([
      ['a write', 'delete from nums'],
      ['DDL', 'drop table nums'],
      ['a locking read', 'select * from nums for update'],
      ['two statements', 'select 1; select 2'],
      ['a comment hiding a second statement', 'select 1 /* ; */; delete from nums'],
      ['pg_sleep', 'select pg_sleep(5)'],
      ['set_config of the role', "select set_config('role', 'postgres', false)"],
      ['set_config of the tenant', "select set_config('app.tenant_id', '200001', false)"],
      ['RESET ROLE', 'reset role'],
      ['query_to_xml', "select query_to_xml('select 1', true, true, '')"],
      ['pg_read_file', "select pg_read_file('/etc/passwd')"],
      ['a catalogue table', 'select * from pg_authid'],
      ['a qualified catalogue table', 'select * from pg_catalog.pg_class'],
      ['information_schema', 'select * from information_schema.tables'],
      ['dblink', "select * from dblink('host=10.0.0.1', 'select 1') as t(a int)"],
      ['COPY', "copy nums to '/tmp/x'"],
      ['a table outside the link', 'select * from public.macro_user'],
      ['SELECT INTO', 'select * into copied from nums'],
    ])('refuses %s before anything runs, naming what is refused', async (_, sql) => {
      const response = await adminEn.post(BASE, { name: `hostile ${sql.slice(0, 40)}`, linkId, sql });
      expectFailure(response, 422, /^The query is not allowed: (not allowed|exactly one|only a SELECT|not valid SQL)/);
    });

    it('stops a query past the time-out and says so; another tenant reaches none of it', async () => {
      const slow = await save(admin, { name: '慢', linkId, sql: 'select count(*) as n from nums a, nums b, nums c, nums d, nums e, nums f' });
      const started = Date.now();
      expectFailure(await adminEn.get(`${BASE}/${slow.id}/data`), 502, /no answer within 1.5 s/);
      expect(Date.now() - started).toBeLessThan(6000);
      for (const path of [
        `${BASE}/${slow.id}`,
        `${BASE}/${slow.id}/fields`,
        `${BASE}/${slow.id}/data`,
        `${BASE}/${slow.id}/tree`,
        `${BASE}/${slow.id}/columns/n/data`,
      ]) {
        expectFailure(await other.get(path), 404);
      }
      expectFailure(await other.post(BASE, { id: slow.id, name: 'stolen', linkId, sql: 'select 1' }), 404);
      // Another tenant's link cannot carry a data source of ours.
      expectFailure(await other.post(BASE, { name: 'borrowed', linkId, sql: 'select 1' }), 404);
      expectFailure(await other.post(`${BASE}/preview`, { linkId, sql: 'select 1' }), 404);
      expectFailure(await other.delete(`${BASE}?ids=${slow.id}`), 404);
      expect((await admin.get(`${BASE}?`)).json().data.map((s: { name: string }) => s.name)).toContain('慢');
    });

    it('reads through the link as it is now: a changed link is used at once', async () => {
      const moving = await pgLink(`moving-${RUN}`);
      const source = await save(admin, { name: '迁移', linkId: moving, sql: 'select n from nums order by n' });
      expect((await page(admin, `${BASE}/${source.id}/data?size=3`)).records).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      // The same link, pointed at a database it cannot sign in to: the next read says so.
      expectOk(
        await admin.post('/api/database-links', {
          id: moving,
          name: `moving-${RUN}`,
          kind: 'postgresql',
          host: '127.0.0.1',
          port: 5432,
          database: `none_${RUN}`,
          username: 'postgres',
          schema: PG_SCHEMA,
        }),
        z.object({ id: z.number() }),
      );
      expectFailure(await adminEn.get(`${BASE}/${source.id}/data?size=3`), 502, new RegExp(`none_${RUN}`));
      expect((await admin.delete(`${BASE}?ids=${source.id}`)).json().data).toEqual({ removed: 1 });
    });

    it('keeps a link while a data source uses it, and says why', async () => {
      const kept = await pgLink(`kept-${RUN}`);
      const source = await save(admin, { name: '占用', linkId: kept, sql: 'select n from nums' });
      expectFailure(await adminEn.delete(`/api/database-links?ids=${kept}`), 409, /Data sources still use this database link/);
      expect((await admin.delete(`${BASE}?ids=${source.id}`)).json().data).toEqual({ removed: 1 });
      expect((await admin.delete(`/api/database-links?ids=${kept}`)).json().data).toEqual({ removed: 1 });
    });

    it('tries a query before keeping it', async () => {
      const preview = expectOk(
        await admin.post(`${BASE}/preview`, {
          linkId,
          sql: 'select n, n * 2 as twice from nums where n <= @top order by n',
          parameters: [{ name: 'top', type: 'number' }],
          values: { top: 3 },
        }),
        dataSourcePage,
      );
      expect(preview.columns.map((column) => column.name)).toEqual(['n', 'twice']);
      expect(preview.records).toEqual([
        { n: 1, twice: 2 },
        { n: 2, twice: 4 },
        { n: 3, twice: 6 },
      ]);
    });
  });

  describe.skipIf(!hasMariadb)('on MariaDB / MySQL', () => {
    let linkId: number;
    const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true });
    beforeAll(async () => {
      const connection = await root();
      await connection.query(`drop table if exists ${MARIA_TABLE}; create table ${MARIA_TABLE} (id int primary key, city varchar(20), amount decimal(8,2));
        insert into ${MARIA_TABLE} values (1, '上海', 10), (2, '北京', 20), (3, '上海', 30);`);
      await connection.end();
      linkId = await link(admin, { name: `maria-${RUN}`, kind: 'mysql', host: '127.0.0.1', port: 3306, database: 'test', username: 'root' });
    });
    afterAll(async () => {
      const connection = await root();
      await connection.query(`drop table if exists ${MARIA_TABLE}`);
      await connection.end();
    });

    it('keeps and runs a query with a parameter used twice', async () => {
      const source = await save(admin, {
        name: '城市',
        linkId,
        sql: `select city, sum(amount) as total from ${MARIA_TABLE} where city = @city or @city is null group by city order by city`,
        parameters: [{ name: 'city', type: 'text' }],
      });
      const all = await page(admin, `${BASE}/${source.id}/data`);
      expect(all.records).toEqual([
        { city: '上海', total: '40.00' },
        { city: '北京', total: '20.00' },
      ]);
      const one = await page(admin, `${BASE}/${source.id}/data?params=${encodeURIComponent(JSON.stringify({ city: '北京' }))}`);
      expect(one.records).toEqual([{ city: '北京', total: '20.00' }]);
      expect(expectOk(await admin.get(`${BASE}/${source.id}/columns/city/data`), z.array(z.unknown()))).toEqual(['上海', '北京']);
    });

    it("pages in the query's own order, which MariaDB would drop inside a derived table", async () => {
      const newest = await save(admin, { name: '倒序', linkId, sql: `select id from ${MARIA_TABLE} order by id desc` });
      expect((await page(admin, `${BASE}/${newest.id}/data?current=1&size=2`)).records).toEqual([{ id: 3 }, { id: 2 }]);
      expect((await page(admin, `${BASE}/${newest.id}/data?current=2&size=2`)).records).toEqual([{ id: 1 }]);
      // With a LIMIT of its own, that LIMIT applies first, in its order.
      const top = await save(admin, { name: '前两个', linkId, sql: `select id from ${MARIA_TABLE} order by id desc limit 2` });
      const limited = await page(admin, `${BASE}/${top.id}/data?current=1&size=20`);
      expect(limited.records).toEqual([{ id: 3 }, { id: 2 }]);
      expect(limited.total).toBe(2);
    });

    it.each([
      ['a write', `update ${MARIA_TABLE} set city = 'x'`],
      ['two statements', 'select 1; select 2'],
      ['a locking read', `select * from ${MARIA_TABLE} for update`],
      ['LOAD_FILE', "select load_file('/etc/passwd')"],
      ['INTO OUTFILE', `select * from ${MARIA_TABLE} into outfile '/tmp/out'`],
      ['SLEEP()', 'select sleep(5)'],
      ['BENCHMARK()', 'select benchmark(100000000, md5(1))'],
      ['a system table', 'select * from mysql.user'],
      ['information_schema', 'select * from information_schema.tables'],
      ['an executable comment', 'select 1 /*!, sleep(5) */'],
      ['a double dash that is no comment to MySQL', 'select 1 --sleep(5)'],
      ['a user variable', 'select @@version'],
      ['a table outside the link', 'select * from other_table'],
    ])('refuses %s before anything runs', async (_, sql) => {
      expectFailure(await adminEn.post(BASE, { name: `hostile ${sql.slice(0, 40)}`, linkId, sql }), 422, /^The query is not allowed: /);
    });
  });
});
