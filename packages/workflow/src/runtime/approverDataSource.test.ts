import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml, toXml } from '../definitions/moddle.ts';
import { readSettings } from '../definitions/settings.ts';
import { chain, definitions, end, start } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { openTrace, STARTER, testResolver } from '../test/engine.ts';
import { compileXml, lintXml, WorkflowEngine } from './engine.ts';
import type { ResolveContext } from './ports.ts';

/*
 * An SQL approver rule may name a data source instead of holding its query: the engine leaves it
 * to the host, which says at deploy whether it has the data source and at run time who it names.
 */

const approverTask = (attributes: string, body = '') =>
  `<bpmn:userTask id="a" name="Finance"><bpmn:extensionElements><macro:node><macro:approver kind="sql" ${attributes}>${body}</macro:approver></macro:node></bpmn:extensionElements></bpmn:userTask>`;
const model = (key: string, task: string) => definitions(key, [start(), task, end(), chain('start', 'a', 'end')].join('\n'));

/** The host's data sources: id → the users it names for the variables it is given. */
const KNOWN = new Map<number, (context: ResolveContext) => number[]>([
  [12, (context) => (context.variables.dept === 'sales' ? [31, 32] : [])],
  [13, () => []],
]);
const asked: { id: number; column?: string; context: ResolveContext }[] = [];
const engine = new WorkflowEngine({
  resolver: {
    async resolve(tx, rule, context) {
      if (rule.kind !== 'sql' || !rule.dataSource) return testResolver.resolve(tx, rule, context);
      asked.push({ ...rule.dataSource, context });
      return KNOWN.get(rule.dataSource.id)?.(context) ?? [];
    },
    hasDataSource: async (_tx, id) => KNOWN.has(id),
  },
});

describe('an SQL rule naming a data source, in the model', () => {
  it('keeps the data source and its column through export and import', async () => {
    const once = await toXml((await parseXml(model('p', approverTask('dataSource="12" column="user_id"')))).root);
    expect(once).toMatch(/<macro:approver kind="sql" dataSource="12" column="user_id"/);
    const process = ((await parseXml(once)).root.rootElements as { flowElements: { id: string }[] }[])[0];
    const task = process.flowElements.find((e) => e.id === 'a');
    expect(readSettings(task as never).approver).toEqual({ kind: 'sql', values: [], dataSource: { id: 12, column: 'user_id' } });
  });

  it.each([
    ['both a query and a data source', approverTask('dataSource="12"', 'select 1 as "F_UserId"'), 'approverSqlSource'],
    ['neither', approverTask(''), 'approverSqlSource'],
    ['a data source that is no id', approverTask('dataSource="finance"'), 'approverDataSourceId'],
    ['a data source id of 0', approverTask('dataSource="0"'), 'approverDataSourceId'],
    ['a data source id past the integers', approverTask('dataSource="3000000000"'), 'approverDataSourceId'],
  ])('refuses %s, naming the node', async (_, task, code) => {
    expect(await lintXml(model('p', task))).toEqual([expect.objectContaining({ elementType: 'UserTask', elementId: 'a', code })]);
  });

  it('asks the host whether it has the data source: an unknown one is refused, and one without a host to ask', async () => {
    const xml = model('p', approverTask('dataSource="99"'));
    // Without a host (a deployed definition read again) the data source is not looked up.
    expect(await lintXml(xml)).toEqual([]);
    const refused = await compileXml(xml, { tx: undefined as never, resolver: engine.options.resolver }).catch((error) => error);
    expect(refused).toMatchObject({ code: 'workflow.unsupported', params: { type: 'UserTask', id: 'a' } });
    expect(refused.problems).toEqual([expect.objectContaining({ code: 'approverDataSourceMissing', params: { id: '99' } })]);
    await expect(compileXml(model('p', approverTask('dataSource="12"')), { tx: undefined as never, resolver: engine.options.resolver })).resolves.toBeDefined();
    // A host whose resolver runs no data sources has none of them.
    const problems = await lintXml(model('p', approverTask('dataSource="12"')), { tx: undefined as never, resolver: testResolver });
    expect(problems.map((p) => p.code)).toEqual(['approverDataSourceMissing']);
  });
});

const reachable = await postgresReachable();

describe.skipIf(!reachable)('an SQL rule naming a data source, at run time', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) => engine.deploy(tx, { key: 'bySource', name: 'bySource', xml: model('bySource', approverTask('dataSource="12" column="uid"')) }));
    await database.tx((tx) => engine.deploy(tx, { key: 'nobody', name: 'nobody', xml: model('nobody', approverTask('dataSource="13"')) }));
  });
  afterAll(async () => database?.close());

  it('gives the task to those the host resolves, telling it the node, the instance and its variables', async () => {
    asked.length = 0;
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'bySource', starterId: STARTER, variables: { dept: 'sales' } }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:31|32']);
    expect(asked).toEqual([
      {
        id: 12,
        column: 'uid',
        context: { instanceId: instance.id, starterId: STARTER, nodeId: 'a', nodeName: 'Finance', variables: { dept: 'sales' } },
      },
    ]);
  });

  it('refuses the operation naming the node when the data source names nobody', async () => {
    await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'nobody', starterId: STARTER }))).rejects.toMatchObject({
      code: 'workflow.noApprover',
      params: { node: 'Finance', kind: 'sql' },
    });
  });

  it('refuses deploying a model whose data source the host does not have', async () => {
    await expect(
      database.tx((tx) => engine.deploy(tx, { key: 'unknown', name: 'unknown', xml: model('unknown', approverTask('dataSource="99"')) })),
    ).rejects.toMatchObject({ code: 'workflow.unsupported', params: { id: 'a' } });
  });
});
