import type { Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { openTrace, STARTER, testResolver } from '../test/engine.ts';
import { wfTaskCandidates } from '../tables.ts';
import { WorkflowEngine } from './engine.ts';

/*
 * An or-sign node (one approval from any of several people) is one task with a candidate set,
 * as BPMN engines keep it: every candidate's to-do list shows it, the first to act takes it, and
 * once handed to one person (transfer, delegation, assignment) no other candidate can act on it.
 */

const deputies = new Map<number, number>();
const engine = new WorkflowEngine({
  resolver: testResolver,
  delegation: { activeDelegateFor: async (_tx, userId) => deputies.get(userId) ?? null },
});
let database: TestDatabase;
const reachable = await postgresReachable();
const CANDIDATES = Array.from({ length: 50 }, (_, i) => 1001 + i);

describe.skipIf(!reachable)('an or-sign node is one task', () => {
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 12 });
    const deploy = (key: string, approvers: string) =>
      database.tx((tx) =>
        engine.deploy(tx, {
          key,
          name: key,
          xml: definitions(key, [start(), user('a', approvers), user('b', '9'), end(), chain('start', 'a', 'b', 'end')].join('\n')),
        }),
      );
    await deploy('orSign', '1,2,3');
    await deploy('fifty', CANDIDATES.join(','));
  });
  afterAll(async () => database?.close());

  const started = async (key = 'orSign') => (await database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }))).instance.id;
  const taskIdAt = (instanceId: number) => database.tx(async (tx) => (await engine.openTasks(tx, instanceId)).find((t) => t.nodeId === 'a')!.id);
  /** The candidates still able to act on a task (active rows), sorted. */
  const activeCandidates = (taskId: number) =>
    database.tx(async (tx) =>
      (await tx.select().from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, taskId)))
        .filter((c) => c.active)
        .map((c) => c.userId)
        .sort((a, b) => a - b),
    );
  const todoOf = (userId: number) => database.tx(async (tx: Tx) => (await engine.todoTasks(tx, userId, { current: 1, size: 100 })).map((r) => r.task.id));

  it('an or-sign node is one task in every candidate’s to-do list, and leaves them all when one approves', async () => {
    const instanceId = await started();
    expect(await openTrace(database, engine, instanceId)).toEqual(['a:1|2|3']);
    const taskId = await taskIdAt(instanceId);
    for (const candidate of [1, 2, 3]) expect(await todoOf(candidate)).toContain(taskId);
    expect(await todoOf(4)).not.toContain(taskId);
    expect(await activeCandidates(taskId)).toEqual([1, 2, 3]);
    await database.tx((tx) => engine.approve(tx, { taskId, userId: 2 }));
    // The candidate rows stay as the record of who was asked, no longer able to act.
    expect(await activeCandidates(taskId)).toEqual([]);
    for (const candidate of [1, 2, 3]) expect(await todoOf(candidate)).not.toContain(taskId);
    // One record: the one who acted completed it; the done list of the others stays empty of it.
    const [task] = await database.tx((tx) => engine.history(tx, instanceId).then((h) => h.filter((r) => r.taskId === taskId && r.event === 'leave')));
    expect(task).toMatchObject({ action: 'approve', userId: 2 });
    expect(await database.tx(async (tx) => (await engine.doneTasks(tx, 2)).map((r) => r.task.id))).toContain(taskId);
    expect(await database.tx(async (tx) => (await engine.doneTasks(tx, 1)).map((r) => r.task.id))).not.toContain(taskId);
    expect(await openTrace(database, engine, instanceId)).toEqual(['b:9']);
  });

  it('a user who is no candidate cannot act on an or-sign task', async () => {
    const instanceId = await started();
    const taskId = await taskIdAt(instanceId);
    await expect(database.tx((tx) => engine.approve(tx, { taskId, userId: 4 }))).rejects.toMatchObject({ code: 'workflow.notAssignee' });
    expect(await openTrace(database, engine, instanceId)).toEqual(['a:1|2|3']);
  });

  for (const [name, handOver] of [
    ['transfer makes the target the only actor of an or-sign task', (taskId: number) => (tx: Tx) => engine.transfer(tx, { taskId, userId: 1, toUserId: 4 })],
    ['delegate makes the delegate the only actor of an or-sign task', (taskId: number) => (tx: Tx) => engine.delegate(tx, { taskId, userId: 1, toUserId: 4 })],
    ['assign makes the assignee the only actor of an or-sign task', (taskId: number) => (tx: Tx) => engine.assign(tx, { taskId, adminId: 99, toUserId: 4 })],
  ] as const) {
    it(name, async () => {
      const instanceId = await started();
      const taskId = await taskIdAt(instanceId);
      await database.tx(handOver(taskId));
      expect(await openTrace(database, engine, instanceId)).toEqual(['a:4']);
      expect(await activeCandidates(taskId)).toEqual([]);
      expect(await todoOf(4)).toContain(taskId);
      // The former candidates no longer see it, and approving it is refused; nothing moved.
      for (const other of [1, 2, 3]) {
        expect(await todoOf(other)).not.toContain(taskId);
        await expect(database.tx((tx) => engine.approve(tx, { taskId, userId: other }))).rejects.toMatchObject({ code: 'workflow.notAssignee' });
      }
      expect(await openTrace(database, engine, instanceId)).toEqual(['a:4']);
      await database.tx((tx) => engine.approve(tx, { taskId, userId: 4 }));
      // A delegation hands the task back to the delegator alone; the others still cannot act.
      if (name.startsWith('delegate')) {
        expect(await openTrace(database, engine, instanceId)).toEqual(['a:1']);
        await expect(database.tx((tx) => engine.approve(tx, { taskId, userId: 2 }))).rejects.toMatchObject({ code: 'workflow.notAssignee' });
        await database.tx((tx) => engine.approve(tx, { taskId, userId: 1 }));
      }
      expect(await openTrace(database, engine, instanceId)).toEqual(['b:9']);
    });
  }

  it('a standing delegation of one candidate adds the deputy to the candidates, without another task', async () => {
    deputies.set(2, 7);
    try {
      const instanceId = await started();
      expect(await openTrace(database, engine, instanceId)).toEqual(['a:1|2|3|7']);
      const taskId = await taskIdAt(instanceId);
      expect(await todoOf(7)).toEqual(expect.arrayContaining([taskId]));
      await database.tx((tx) => engine.approve(tx, { taskId, userId: 7 }));
      expect(await openTrace(database, engine, instanceId)).toEqual(['b:9']);
    } finally {
      deputies.clear();
    }
  });

  it('fifty candidates approving the same task at once: exactly one succeeds, the others are told it is handled', async () => {
    const instanceId = await started('fifty');
    const taskId = await taskIdAt(instanceId);
    const results = await Promise.allSettled(CANDIDATES.map((userId) => database.tx((tx) => engine.approve(tx, { taskId, userId }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals)).toEqual(new Set(['workflow.taskNotOpen']));
    expect(await openTrace(database, engine, instanceId)).toEqual(['b:9']);
    const history = await database.tx((tx) => engine.history(tx, instanceId));
    expect(history.filter((h) => h.taskId === taskId && h.action === 'approve')).toHaveLength(1);
  });
});
