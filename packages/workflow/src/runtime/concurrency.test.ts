import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowError } from '../errors.ts';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER } from '../test/engine.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('concurrent operations', () => {
  beforeAll(async () => {
    // On PostgreSQL the approvals run on 25 connections at once: real contention on the task row,
    // while the suites running beside this one keep connections of their own (max_connections 100).
    database = await openTestDatabase({ poolSize: 25 });
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'race',
        name: 'race',
        xml: definitions(
          'race',
          [
            start(),
            gateway('parallel', 'fork'),
            user('a', '1'),
            user('b', '2'),
            gateway('parallel', 'join'),
            user('c', '3'),
            end(),
            chain('start', 'fork'),
            flow('fa', 'fork', 'a'),
            flow('fb', 'fork', 'b'),
            flow('aj', 'a', 'join'),
            flow('bj', 'b', 'join'),
            chain('join', 'c', 'end'),
          ].join('\n'),
        ),
      }),
    );
  });
  afterAll(async () => database?.close());

  it('50 simultaneous approvals of one task complete it exactly once', async () => {
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'race', starterId: STARTER }));
    const task = (await database.tx((tx) => engine.openTasks(tx, instance.id))).find((t) => t.nodeId === 'a')!;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, comment: 'ok' }))),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const reason of refused) expect(reason).toBeInstanceOf(WorkflowError);
    expect(new Set(refused.map((r: WorkflowError) => r.code))).toEqual(new Set(['workflow.taskNotOpen']));
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.filter((h) => h.taskId === task.id && h.action === 'approve')).toHaveLength(1);
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('two approvals of different branches at once fire the join exactly once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'race', starterId: STARTER }));
      const tasks = await database.tx((tx) => engine.openTasks(tx, instance.id));
      await Promise.all(tasks.map((t) => database.tx((tx) => engine.approve(tx, { taskId: t.id, userId: t.assigneeId! }))));
      expect(await openTrace(database, engine, instance.id)).toEqual(['c:3']);
      const history = await database.tx((tx) => engine.history(tx, instance.id));
      expect(history.filter((h) => h.nodeId === 'join' && h.event === 'leave')).toHaveLength(1);
    }
  });
});
