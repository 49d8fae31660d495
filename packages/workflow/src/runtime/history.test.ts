import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER } from '../test/engine.ts';
import { wfExecutions, wfTasks } from '../tables.ts';
import { eq } from 'drizzle-orm';

/*
 * An operation writes its history in one statement at its end and removes ended tokens in
 * one statement each: what a person reads afterwards must be every step, in order, once, and a
 * refused operation must leave nothing of itself behind.
 */

const engine = newEngine();
let database: TestDatabase;

const trail = async (instanceId: number) =>
  (await database.tx((tx) => engine.history(tx, instanceId))).map((h) => [h.event, h.nodeId, h.action ?? '', h.userId].join(':'));

describe('history and tokens of whole operations', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx(async (tx) => {
      await engine.deploy(tx, {
        key: 'two',
        name: 'two',
        xml: definitions('two', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n')),
      });
      await engine.deploy(tx, {
        key: 'nobody',
        name: 'nobody',
        xml: definitions('nobody', [start(), user('a', '1'), user('b', { kind: 'post', values: 'empty' }), end(), chain('start', 'a', 'b', 'end')].join('\n')),
      });
      await engine.deploy(tx, {
        key: 'branches',
        name: 'branches',
        xml: definitions(
          'branches',
          [
            start(),
            gateway('parallel', 'fork'),
            user('a', '1'),
            user('b', '2'),
            end('endA'),
            end('endB'),
            flow('f0', 'start', 'fork'),
            flow('fa', 'fork', 'a'),
            flow('fb', 'fork', 'b'),
            flow('fa2', 'a', 'endA'),
            flow('fb2', 'b', 'endB'),
          ].join('\n'),
        ),
      });
    });
  });
  afterAll(async () => database?.close());

  it('a start and two approvals: every step in order, each once, by the one who took it; the instance ends with no token left', async () => {
    const { instance, startTaskId } = await database.tx((tx) => engine.start(tx, { definitionKey: 'two', starterId: STARTER }));
    await approveAt(database, engine, instance.id, 'a', 1);
    await approveAt(database, engine, instance.id, 'b', 2);
    expect(await trail(instance.id)).toEqual([
      `enter:start::${STARTER}`,
      `leave:start:start:${STARTER}`,
      `flow:f_start_a::${STARTER}`,
      `enter:a::${STARTER}`,
      'leave:a:approve:1',
      'flow:f_a_b::1',
      'enter:b::1',
      'leave:b:approve:2',
      'flow:f_b_end::2',
      'enter:end::2',
      'leave:end::2',
    ]);
    const [ended, tasks, tokens] = await database.tx(async (tx) => [
      await engine.instance(tx, instance.id),
      await tx.select().from(wfTasks).where(eq(wfTasks.instanceId, instance.id)).orderBy(wfTasks.id),
      await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, instance.id)),
    ]);
    expect(ended.state).toBe('completed');
    expect(ended.endedAt).not.toBeNull();
    expect(tokens).toEqual([]);
    // The start task was done as it was made; the completion that ended the instance can no longer be withdrawn.
    expect(tasks.map((t) => [t.nodeId, t.state, t.action, t.completedBy, t.touched, t.withdrawable])).toEqual([
      ['start', 'completed', 'start', STARTER, true, true],
      ['a', 'completed', 'approve', 1, true, true],
      ['b', 'completed', 'approve', 2, true, false],
    ]);
    expect(tasks[0].id).toBe(startTaskId);
  });

  it('a comment comes back exactly as written, whatever it holds; rows without one stay empty', async () => {
    const comment = 'he said "ok", {a,b} \\ NULL \'x\' 好的 😀\nsecond line';
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'two', starterId: STARTER }));
    const [task] = await database.tx((tx) => engine.openTasks(tx, instance.id));
    await database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, comment }));
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.find((h) => h.nodeId === 'a' && h.event === 'leave')?.comment).toBe(comment);
    expect(history.filter((h) => h.event !== 'leave' || h.nodeId !== 'a').every((h) => h.comment === null)).toBe(true);
    expect(history.every((h) => h.at instanceof Date && !Number.isNaN(h.at.getTime()))).toBe(true);
  });

  it('an approval refused part-way (the next node resolves to nobody) leaves no history, the task open and the token where it was', async () => {
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'nobody', starterId: STARTER }));
    const before = await trail(instance.id);
    await expect(approveAt(database, engine, instance.id, 'a', 1)).rejects.toMatchObject({ code: 'workflow.noApprover' });
    expect(await trail(instance.id)).toEqual(before);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    const tokens = await database.tx((tx) => tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, instance.id)));
    expect(tokens.map((e) => e.nodeId)).toEqual(['a']);
  });

  it('parallel branches each reaching an end: the instance runs on until the last one ends', async () => {
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'branches', starterId: STARTER }));
    expect((await openTrace(database, engine, instance.id)).sort()).toEqual(['a:1', 'b:2']);
    await approveAt(database, engine, instance.id, 'a', 1);
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('running');
    await approveAt(database, engine, instance.id, 'b', 2);
    expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('completed');
    expect((await trail(instance.id)).filter((line) => line.startsWith('leave:end'))).toEqual(['leave:endA::1', 'leave:endB::2']);
  });
});
