import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER } from '../test/engine.ts';
import { changeVersion, testVersionChange } from './migrate.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('changing the version of running instances', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (body: string) => database.tx((tx) => engine.deploy(tx, { key: 'leave', name: 'leave', xml: definitions('leave', body) }));
  const startOne = () => database.tx((tx) => engine.start(tx, { definitionKey: 'leave', starterId: STARTER }));

  it('a node removed in the new version: the test call reports it, the change is refused, a mapping makes it go', async () => {
    await deploy([start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n'));
    const atA = await startOne();
    const atB = await startOne();
    await approveAt(database, engine, atB.instance.id, 'a');
    const v2 = await deploy([start(), user('a', '1'), user('c', '3'), end(), chain('start', 'a', 'c', 'end')].join('\n'));
    const ids = [atA.instance.id, atB.instance.id];

    const report = await database.tx((tx) => testVersionChange(engine, tx, { instanceIds: ids, toDefinitionId: v2.id, userId: 99 }));
    expect(report.map((r) => [r.maps, r.unmapped])).toEqual([
      [true, []],
      [false, ['b']],
    ]);
    await expect(database.tx((tx) => changeVersion(engine, tx, { instanceIds: ids, toDefinitionId: v2.id, userId: 99 }))).rejects.toMatchObject({
      code: 'workflow.versionUnmapped',
    });
    // Nothing moved.
    expect((await database.tx((tx) => engine.instance(tx, atA.instance.id))).definitionId).not.toBe(v2.id);

    await database.tx((tx) => changeVersion(engine, tx, { instanceIds: ids, toDefinitionId: v2.id, mapping: { b: 'c' }, userId: 99 }));
    // The open task keeps its approver; it now runs on the new version.
    expect(await openTrace(database, engine, atB.instance.id)).toEqual(['c:2']);
    await approveAt(database, engine, atB.instance.id, 'c');
    expect((await database.tx((tx) => engine.instance(tx, atB.instance.id))).state).toBe('completed');
    await approveAt(database, engine, atA.instance.id, 'a');
    expect(await openTrace(database, engine, atA.instance.id)).toEqual(['c:3']);
  });

  it('a token waiting at a join keeps waiting in the new version', async () => {
    const body = (extra: string) =>
      [
        start(),
        gateway('parallel', 'fork'),
        user('a', '1'),
        user('b', '2'),
        gateway('parallel', 'join'),
        user(extra, '4'),
        end(),
        chain('start', 'fork'),
        flow('fa', 'fork', 'a'),
        flow('fb', 'fork', 'b'),
        flow('aj', 'a', 'join'),
        flow('bj', 'b', 'join'),
        chain('join', extra, 'end'),
      ].join('\n');
    await database.tx((tx) => engine.deploy(tx, { key: 'par', name: 'par', xml: definitions('par', body('c')) }));
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'par', starterId: STARTER }));
    await approveAt(database, engine, instance.id, 'a');
    const v2 = await database.tx((tx) => engine.deploy(tx, { key: 'par', name: 'par', xml: definitions('par', body('d')) }));
    await database.tx((tx) => changeVersion(engine, tx, { instanceIds: [instance.id], toDefinitionId: v2.id, userId: 99 }));
    await approveAt(database, engine, instance.id, 'b');
    expect(await openTrace(database, engine, instance.id)).toEqual(['d:4']);
  });
});
