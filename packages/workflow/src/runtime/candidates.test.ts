import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER } from '../test/engine.ts';
import { assignTask, delegateTask, transferTask } from './tasks.ts';

/*
 * An or-sign node (one approval from any of several people) handed to one person is theirs
 * alone: after a transfer, a delegation or an administrator's assignment no other candidate
 * can act on it.
 */

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('a task handed over leaves the other candidates', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) =>
      engine.deploy(tx, { key: 'orSign', name: 'orSign', xml: definitions('orSign', [start(), user('a', '1,2,3'), user('b', '9'), end(), chain('start', 'a', 'b', 'end')].join('\n')) }),
    );
  });
  afterAll(async () => database?.close());

  const started = async () => {
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'orSign', starterId: STARTER }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1', 'a:2', 'a:3']);
    return instance.id;
  };
  const taskOf = (instanceId: number, userId: number) =>
    database.tx(async (tx) => (await engine.openTasks(tx, instanceId)).find((t) => t.assigneeId === userId)!.id);
  const idsOf = (instanceId: number) => database.tx(async (tx) => Object.fromEntries((await engine.openTasks(tx, instanceId)).map((t) => [t.assigneeId, t.id])));

  for (const [name, handOver] of [
    ['transfer makes the target the only actor of an or-sign task', (taskId: number) => (tx: Parameters<typeof transferTask>[1]) => transferTask(engine, tx, { taskId, userId: 1, toUserId: 4 })],
    ['delegate makes the delegate the only actor of an or-sign task', (taskId: number) => (tx: Parameters<typeof transferTask>[1]) => delegateTask(engine, tx, { taskId, userId: 1, toUserId: 4 })],
    ['assign makes the assignee the only actor of an or-sign task', (taskId: number) => (tx: Parameters<typeof transferTask>[1]) => assignTask(engine, tx, { taskId, adminId: 99, toUserId: 4 })],
  ] as const) {
    it(name, async () => {
      const instanceId = await started();
      const before = await idsOf(instanceId);
      await database.tx(handOver(await taskOf(instanceId, 1)));
      expect(await openTrace(database, engine, instanceId)).toEqual(['a:4']);
      // The other candidates' tasks are gone: approving them is refused, and nothing moved.
      for (const other of [2, 3]) {
        await expect(database.tx((tx) => engine.approve(tx, { taskId: before[other], userId: other }))).rejects.toMatchObject({ code: expect.stringMatching(/^workflow\./) });
      }
      expect(await openTrace(database, engine, instanceId)).toEqual(['a:4']);
      await database.tx((tx) => engine.approve(tx, { taskId: before[1], userId: 4 }));
      // A delegation hands the task back to the delegator; the others still cannot act.
      const trace = await openTrace(database, engine, instanceId);
      expect(trace).toEqual(name.startsWith('delegate') ? ['a:1'] : ['b:9']);
    });
  }
});
