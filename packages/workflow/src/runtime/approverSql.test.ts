import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER } from '../test/engine.ts';
import { approverSqlProblem } from './approverSql.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

const sqlTask = (query: string) =>
  `<bpmn:userTask id="a"><bpmn:extensionElements><macro:node><macro:approver kind="sql"><![CDATA[${query}]]></macro:approver></macro:node></bpmn:extensionElements></bpmn:userTask>`;

describe('approver SQL check (PostgreSQL parser)', () => {
  it.each([
    ['select 7 as "F_UserId"', undefined],
    ['select u.id as "F_UserId" from wf_task u where u.id > 0', undefined],
    ['select "F_UserId" from (select 1 as "F_UserId") s', undefined],
    ['select 7 as f_userid', 'must return a column named F_UserId'],
    ['delete from wf_task', 'only a SELECT'],
    ['with gone as (delete from wf_task returning id) select id as "F_UserId" from gone', 'may not change data'],
    ['select 1 as "F_UserId" into copy_of', 'SELECT INTO'],
    ['select id as "F_UserId" from wf_task for update', 'row locks'],
    ['select 1 as "F_UserId"; select 2 as "F_UserId"', 'exactly one statement'],
    ['selec 1', 'not valid SQL'],
  ])('%s', async (query, problem) => {
    const found = await approverSqlProblem(query);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe.skipIf(!reachable)('SQL approvers at run time', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('deploy refuses a query that writes; a select resolves approvers in a read-only fence', async () => {
    await expect(
      database.tx((tx) => engine.deploy(tx, { key: 'bad', name: 'bad', xml: definitions('bad', [start(), sqlTask('delete from wf_task'), end(), chain('start', 'a', 'end')].join('\n')) })),
    ).rejects.toMatchObject({ code: 'workflow.unsupported', params: { id: 'a' } });
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'bySql',
        name: 'bySql',
        xml: definitions('bySql', [start(), sqlTask('select 7 as "F_UserId" union select 8'), end(), chain('start', 'a', 'end')].join('\n')),
      }),
    );
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'bySql', starterId: STARTER }));
    // The operation's own writes after the query still work: the fence is gone.
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:7', 'a:8']);
  });

  it('refuses at run time what only running shows: a write through a function (read-only fence) and a query past the time-out', async () => {
    // A sequence the request role may advance: nextval is a write the parser cannot see.
    await database.db.execute(sql.raw('create sequence if not exists approver_seq'));
    await database.db.execute(sql.raw('grant usage on sequence approver_seq to macro_app'));
    const deploy = (key: string, query: string) =>
      database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, [start(), sqlTask(query), end(), chain('start', 'a', 'end')].join('\n')) }));
    await deploy('sqlWrites', `select nextval('approver_seq') as "F_UserId"`);
    await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'sqlWrites', starterId: STARTER }))).rejects.toMatchObject({
      code: 'workflow.approverSqlFailed',
      params: { detail: expect.stringContaining('read-only transaction') },
    });
    if (database.kind === 'postgres') {
      await deploy('sqlSlow', 'select 7 as "F_UserId" from pg_sleep(10)');
      const started = Date.now();
      await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'sqlSlow', starterId: STARTER }))).rejects.toMatchObject({
        code: 'workflow.approverSqlFailed',
        params: { detail: expect.stringContaining('statement timeout') },
      });
      expect(Date.now() - started).toBeLessThan(9_000);
    }
  });
});
