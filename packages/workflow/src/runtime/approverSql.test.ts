import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start } from '../test/bpmn.ts';
import { OTHER_TENANT, openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER } from '../test/engine.ts';
import { approverSqlProblem } from './approverSql.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

const sqlTask = (query: string) =>
  `<bpmn:userTask id="a"><bpmn:extensionElements><macro:node><macro:approver kind="sql"><![CDATA[${query}]]></macro:approver></macro:node></bpmn:extensionElements></bpmn:userTask>`;

describe('approver SQL check (PostgreSQL parser, allow-lists)', () => {
  it.each([
    ['select 7 as "F_UserId"', undefined],
    ['select u.user_id as "F_UserId" from approver_users u where u.dept_id = 3 and lower(u.account) like \'a%\'', undefined],
    ['select "F_UserId" from (select 1 as "F_UserId") s', undefined],
    [
      'with r as (select role_id from approver_roles where role_alias = \'boss\') select ur.user_id as "F_UserId" from approver_user_roles ur join r using (role_id)',
      undefined,
    ],
    ['select user_id as "F_UserId" from approver_users where created_at > now() - interval \'1 day\' order by 1 limit 3;', undefined],
    // An unquoted F_UserId folds to f_userid: the spec's column, whatever its case.
    ['select 7 as F_UserId', undefined],
    ['select 7 as f_userid union select 8 union select 9', undefined],
    ['select 7 as approver, 8 as other', 'must return a column named F_UserId (found: approver, other)'],
    ['delete from approver_users', 'only a SELECT'],
    ['select 1 as "F_UserId" into copy_of', 'SELECT INTO'],
    ['select user_id as "F_UserId" from approver_users for update', 'row locks'],
    ['select 1 as "F_UserId"; select 2 as "F_UserId"', 'exactly one statement'],
    ['selec 1', 'not valid SQL'],
    // Everything not made for approver SQL is refused by name.
    ['select id as "F_UserId" from wf_task', 'relation wf_task'],
    ['select id as "F_UserId" from macro_user', 'relation macro_user'],
    ['select 1 as "F_UserId" from pg_authid', 'relation pg_authid'],
    ['select 1 as "F_UserId" from pg_catalog.pg_class', 'relation pg_catalog.pg_class'],
    ['select 1 as "F_UserId" from public.approver_users', 'relation public.approver_users'],
    ['select 1 as "F_UserId" from platform_key', 'relation platform_key'],
    ['select 1 as "F_UserId" from auth_session', 'relation auth_session'],
    ["select 1 as \"F_UserId\", set_config('role', 'none', true)", 'function set_config'],
    ["select 1 as \"F_UserId\" where set_config('app.tenant_id', '200001', true) is not null", 'function set_config'],
    ["select 1 as \"F_UserId\", pg_catalog.set_config('role', 'none', true)", 'function pg_catalog.set_config'],
    ['select 1 as "F_UserId", current_setting(\'app.tenant_id\')', 'function current_setting'],
    ["select 1 as \"F_UserId\", query_to_xml('select * from platform_key', true, true, '')", 'function query_to_xml'],
    ['select 1 as "F_UserId", pg_read_file(\'/etc/passwd\')', 'function pg_read_file'],
    ['select 1 as "F_UserId", lo_import(\'/etc/passwd\')', 'function lo_import'],
    ['select 1 as "F_UserId", pg_advisory_lock(1)', 'function pg_advisory_lock'],
    ['select 1 as "F_UserId" from pg_sleep(10)', 'RangeFunction'],
    ['select 1 as "F_UserId", pg_sleep(10)', 'function pg_sleep'],
    ["select 1 as \"F_UserId\", dblink('x', 'y')", 'function dblink'],
    ['select 1 as "F_UserId", \'pg_authid\'::regclass', 'type regclass'],
    ['select 1 as "F_UserId", current_user', 'current_user'],
    ['select ctid as "F_UserId" from approver_users', 'system column ctid'],
    ['select u.xmin as "F_UserId" from approver_users u', 'system column xmin'],
    ['select 1 as "F_UserId", 1 operator(pg_catalog.+) 1', 'operator pg_catalog.+'],
    ['select 1 as "F_UserId", xmlelement(name a)', 'XmlExpr'],
    ['select (with pg_authid as (select 1 as x) select 1) as "F_UserId" from pg_authid', 'WITH inside a subquery'],
    ['with x as (select 1) select 1 as "F_UserId" from pg_authid', 'relation pg_authid'],
    ['select user_id as "F_UserId" from approver_users tablesample system (10)', 'RangeTableSample'],
    // A CTE sees only the CTEs before it: a later CTE's name there is the real relation.
    ['with a as (select * from pg_authid), pg_authid as (select 1) select 1 as "F_UserId" from a', 'relation pg_authid'],
    ['with recursive a as (select 1 as "F_UserId" union all select "F_UserId" + 1 from a where "F_UserId" < 3) select * from a', 'must return a column'],
    ['select 1 as "F_UserId" union select user_id from wf_task', 'relation wf_task'],
    ['select 1 as "F_UserId" from approver_users where user_id in (select id from pg_roles)', 'relation pg_roles'],
  ])('%s', async (query, problem) => {
    const found = await approverSqlProblem(query);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe.skipIf(!reachable)('SQL approvers at run time', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    // The host makes the approver views over its organisation; here one tenant-scoped table stands in.
    for (const statement of [
      `create table approver_users (user_id integer, account text, dept_id integer, tenant_id text not null default current_setting('app.tenant_id', true))`,
      'alter table approver_users enable row level security',
      `create policy approver_users_tenant on approver_users using (tenant_id = current_setting('app.tenant_id', true))`,
      'grant select, insert on approver_users to macro_app',
    ])
      await database.db.execute(sql.raw(statement));
    await database.tx((tx) => tx.execute(sql`insert into approver_users (user_id, account, dept_id) values (7, 'seven', 3), (8, 'eight', 3)`));
    await database.tx((tx) => tx.execute(sql`insert into approver_users (user_id, account, dept_id) values (9, 'other', 3)`), OTHER_TENANT);
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, query: string) =>
    database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, [start(), sqlTask(query), end(), chain('start', 'a', 'end')].join('\n')) }));

  it('deploy refuses what the fence refuses; a select over the views resolves approvers of its own tenant only, F_UserId read in any case', async () => {
    await expect(deploy('bad', 'select id as "F_UserId" from wf_task')).rejects.toMatchObject({ code: 'workflow.unsupported', params: { id: 'a' } });
    await deploy('bySql', 'select user_id as F_UserId from approver_users where dept_id = 3 order by user_id');
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'bySql', starterId: STARTER }));
    // The operation's own writes after the query still work: the fence is gone.
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:7|8']);
  });

  it('fails with the SQLSTATE and position only, never the database text (which can carry values)', async () => {
    // A cast error echoes the value in PostgreSQL's message: the answer must not.
    await deploy('sqlLeaks', `select account::integer as "F_UserId" from approver_users`);
    const failure = await database.tx((tx) => engine.start(tx, { definitionKey: 'sqlLeaks', starterId: STARTER })).catch((e) => e);
    expect(failure).toMatchObject({ code: 'workflow.approverSqlFailed', params: { detail: 'SQLSTATE 22P02' } });
    expect(JSON.stringify(failure)).not.toMatch(/seven|eight|invalid input/);
    expect(failure.message).not.toMatch(/seven|eight/);
  });

  it('refuses at run time what only running shows: a query past the time-out, and more rows than the cap', async () => {
    if (database.kind === 'postgres') {
      // A recursive count long enough to pass the 3 s time-out, built from allowed parts only.
      await deploy('sqlSlow', 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000000) select max(i) as "F_UserId" from n');
      const started = Date.now();
      await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'sqlSlow', starterId: STARTER }))).rejects.toMatchObject({
        code: 'workflow.approverSqlFailed',
        params: { detail: 'SQLSTATE 57014' },
      });
      expect(Date.now() - started).toBeLessThan(9_000);
    }
    await deploy('sqlMany', 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001) select i as "F_UserId" from n');
    await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'sqlMany', starterId: STARTER }))).rejects.toMatchObject({
      code: 'workflow.approverSqlFailed',
      params: { detail: 'SQLSTATE 54000' },
    });
  });
});
