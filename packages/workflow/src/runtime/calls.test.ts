import { rowsOf } from '@macro/store';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wfInstances, wfJobs, wfTasks } from '../tables.ts';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER, TestClock } from '../test/engine.ts';

/*
 * A called process lives as long as its caller waits for it: a token that leaves the call
 * activity any other way ends the called instance (and those it called) in the same transaction,
 * and a called instance that ends moves its caller only while the caller still waits for it.
 */

const clock = new TestClock();
const engine = newEngine(clock);
let database: TestDatabase;
const reachable = await postgresReachable();
const HOUR = 3600_000;

const timer = (id: string, attachedTo: string, duration: string) =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${attachedTo}"><bpmn:timerEventDefinition><bpmn:timeDuration>${duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>`;
const call = (id: string, calledElement: string) => `<bpmn:callActivity id="${id}" calledElement="${calledElement}"/>`;

describe.skipIf(!reachable)('called processes', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const deploy = (key: string, body: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body) }));
    // The grandchild: one check.
    await deploy('checking', [start(), user('check', '5'), end(), chain('start', 'check', 'end')].join('\n'));
    // The child: a review (with a timer of its own) beside a call of the grandchild.
    await deploy(
      'reviewing',
      [
        start(),
        gateway('parallel', 'fork'),
        user('review', '4'),
        timer('reviewLate', 'review', 'P3D'),
        call('deep', 'checking'),
        gateway('parallel', 'join'),
        user('reviewEscalated', '6'),
        end(),
        end('end2'),
        flow('f0', 'start', 'fork'),
        flow('f_review', 'fork', 'review'),
        flow('f_deep', 'fork', 'deep'),
        flow('review_join', 'review', 'join'),
        flow('deep_join', 'deep', 'join'),
        chain('join', 'end'),
        chain('reviewLate', 'reviewEscalated', 'end2'),
      ].join('\n'),
    );
    await deploy('single', [start(), user('review', '4'), end(), chain('start', 'review', 'end')].join('\n'));
    // The caller: a day for the call, then an escalation instead of "after".
    await deploy(
      'hiring',
      [
        start(),
        call('call', 'reviewing'),
        timer('late', 'call', 'P1D'),
        user('after', '3'),
        user('escalated', '2'),
        end(),
        end('end2'),
        chain('start', 'call', 'after', 'end'),
        chain('late', 'escalated', 'end2'),
      ].join('\n'),
    );
    // The escalation calls again: the same call activity, a new child.
    await deploy(
      'retrying',
      [
        start(),
        call('call', 'single'),
        timer('late', 'call', 'P1D'),
        user('after', '3'),
        user('escalated', '2'),
        end(),
        chain('start', 'call', 'after', 'end'),
        chain('late', 'escalated', 'call'),
      ].join('\n'),
    );
    // A sub-process that calls, with a timer on the sub-process.
    await deploy(
      'subCalling',
      [
        start(),
        `<bpmn:subProcess id="sub">${start('s1')}${call('inner', 'single')}${end('e1')}${chain('s1', 'inner', 'e1')}</bpmn:subProcess>`,
        timer('late', 'sub', 'P1D'),
        user('after', '3'),
        user('escalated', '2'),
        end(),
        end('end2'),
        chain('start', 'sub', 'after', 'end'),
        chain('late', 'escalated', 'end2'),
      ].join('\n'),
    );
    // a → fork → (call | b) → join → c: rejecting b to a takes the token off the call activity.
    await deploy(
      'forked',
      [
        start(),
        user('a', '1'),
        gateway('parallel', 'fork'),
        call('call', 'single'),
        user('b', '2'),
        gateway('parallel', 'join'),
        user('c', '3'),
        end(),
        chain('start', 'a', 'fork'),
        flow('f_call', 'fork', 'call'),
        flow('f_b', 'fork', 'b'),
        flow('call_join', 'call', 'join'),
        flow('b_join', 'b', 'join'),
        chain('join', 'c', 'end'),
      ].join('\n'),
    );
    // b reaching a terminate end ends the branch waiting at the call activity.
    await deploy(
      'terminating',
      [
        start(),
        gateway('parallel', 'fork'),
        call('call', 'single'),
        user('b', '2'),
        end(),
        end('stop', true),
        flow('f0', 'start', 'fork'),
        flow('f_call', 'fork', 'call'),
        flow('f_b', 'fork', 'b'),
        chain('call', 'end'),
        chain('b', 'stop'),
      ].join('\n'),
    );
    await deploy(
      'calling',
      [start(), user('a', '1'), call('call', 'single'), user('after', '3'), end(), chain('start', 'a', 'call', 'after', 'end')].join('\n'),
    );
  });
  afterAll(async () => database?.close());

  const startProcess = (key: string) => database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }));
  const instance = (id: number) => database.tx((tx) => engine.instance(tx, id));
  /** The instances called from `parentId`, oldest first. */
  const calledBy = (parentId: number) =>
    database.tx((tx) => tx.select().from(wfInstances).where(eq(wfInstances.parentInstanceId, parentId)).orderBy(wfInstances.id));
  const tasksOf = (instanceId: number) =>
    database.tx(async (tx) =>
      (await tx.select().from(wfTasks).where(eq(wfTasks.instanceId, instanceId)).orderBy(wfTasks.id)).filter((t) => t.kind !== 'start'),
    );
  const pendingJobs = (instanceId: number) =>
    database.tx((tx) =>
      tx
        .select()
        .from(wfJobs)
        .where(and(eq(wfJobs.instanceId, instanceId), eq(wfJobs.state, 'pending'))),
    );
  const history = (instanceId: number) => database.tx((tx) => engine.history(tx, instanceId));
  /** The called instance was terminated with its caller's move: no task, token or timer left, and the history says why. */
  const expectInterrupted = async (id: number, userId: number | null = null) => {
    expect(await instance(id)).toMatchObject({ state: 'terminated' });
    expect(await openTrace(database, engine, id)).toEqual([]);
    expect(await pendingJobs(id)).toEqual([]);
    expect((await database.tx((tx) => engine.diagram(tx, id))).current).toEqual([]);
    expect((await history(id)).filter((h) => h.action === 'interrupted').map((h) => `${h.event}:${h.userId}`)).toEqual([`operation:${userId}`]);
  };

  it("a called instance's last approval, while its caller is held, waits for the caller before it takes the called instance", async () => {
    // An operation on the caller that ends its called instances (a timer, a withdrawal) locks the
    // caller, then the called ones; the approval that ends a called instance moves its caller. Both
    // lock the caller first, or the two can wait for each other in a circle (a deadlock).
    const caller = await startProcess('retrying');
    const [child] = await calledBy(caller.instance.id);
    const [review] = await tasksOf(child.id);
    let approval: Promise<unknown> | undefined;
    const childTakenMeanwhile = await database.tx(async (tx) => {
      await engine.lockInstance(tx, caller.instance.id);
      approval = database.tx((other) => engine.approve(other, { taskId: review.id, userId: 4 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [row] = rowsOf<{ id: number }>(await tx.execute(sql`select id from wf_instance where id = ${child.id} for update nowait`));
      return row?.id;
    });
    expect(childTakenMeanwhile).toBe(child.id);
    await approval;
    expect(await instance(child.id)).toMatchObject({ state: 'completed' });
    expect(await openTrace(database, engine, caller.instance.id)).toEqual(['after:3']);
  });

  it('an interrupting timer on a call activity ends the called child', async () => {
    const { instance: parent } = await startProcess('hiring');
    const [child] = await calledBy(parent.id);
    const [grandchild] = await calledBy(child.id);
    expect(await openTrace(database, engine, child.id)).toEqual(['review:4']);
    expect(await openTrace(database, engine, grandchild.id)).toEqual(['check:5']);
    const [review] = await database.tx((tx) => engine.openTasks(tx, child.id));

    clock.advance(25 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(1);
    expect(await openTrace(database, engine, parent.id)).toEqual(['escalated:2']);
    // The child and the grandchild it called end with the call activity: their tasks are
    // cancelled as interrupted, their timers gone.
    await expectInterrupted(child.id);
    await expectInterrupted(grandchild.id);
    expect((await tasksOf(child.id)).map((t) => `${t.nodeId}:${t.state}:${t.action}`)).toEqual(['review:cancelled:interrupted']);
    expect((await tasksOf(grandchild.id)).map((t) => `${t.nodeId}:${t.state}:${t.action}`)).toEqual(['check:cancelled:interrupted']);
    await expect(database.tx((tx) => engine.approve(tx, { taskId: review.id, userId: 4 }))).rejects.toMatchObject({
      code: expect.stringMatching(/^workflow\.(taskNotOpen|instanceEnded)$/),
    });

    // The child's own timer never fires; the caller's escalation is what decides.
    clock.advance(3 * 24 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    await approveAt(database, engine, parent.id, 'escalated');
    expect(await instance(parent.id)).toMatchObject({ state: 'completed' });
    expect((await history(parent.id)).some((h) => h.nodeId === 'after')).toBe(false);
  });

  it('an interrupting timer on an embedded sub-process ends the child called inside it', async () => {
    const { instance: parent } = await startProcess('subCalling');
    const [child] = await calledBy(parent.id);
    expect(await openTrace(database, engine, child.id)).toEqual(['review:4']);
    clock.advance(25 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(1);
    expect(await openTrace(database, engine, parent.id)).toEqual(['escalated:2']);
    await expectInterrupted(child.id);
  });

  it('a child that ends never moves a parent that left the call activity', async () => {
    const { instance: parent } = await startProcess('retrying');
    const [first] = await calledBy(parent.id);
    clock.advance(25 * HOUR);
    await engine.runDueJobs(database.db);
    expect(await openTrace(database, engine, parent.id)).toEqual(['escalated:2']);
    const before = (await history(parent.id)).length;

    // The first child ends late (every engine path now ends it first, so its end is driven
    // through the hook a child's end calls): the caller, at "escalated", stays there.
    await database.tx((tx) => engine.calledEnded(tx, first));
    expect(await openTrace(database, engine, parent.id)).toEqual(['escalated:2']);
    expect(await history(parent.id)).toHaveLength(before);
    expect(await calledBy(parent.id)).toHaveLength(1);

    // The escalation calls again: the token is back at the call activity, but waits for the
    // second child, not the first.
    await approveAt(database, engine, parent.id, 'escalated');
    const [, second] = await calledBy(parent.id);
    expect(await openTrace(database, engine, second.id)).toEqual(['review:4']);
    await database.tx((tx) => engine.calledEnded(tx, first));
    expect(await openTrace(database, engine, parent.id)).toEqual([]);
    expect((await database.tx((tx) => engine.diagram(tx, parent.id))).current).toEqual(['call']);

    // The child it waits for moves it on.
    await approveAt(database, engine, second.id, 'review');
    expect(await instance(second.id)).toMatchObject({ state: 'completed' });
    expect(await openTrace(database, engine, parent.id)).toEqual(['after:3']);
  });

  it('a reject that takes the token off a call activity ends the called child', async () => {
    const { instance: parent } = await startProcess('forked');
    await approveAt(database, engine, parent.id, 'a');
    const [child] = await calledBy(parent.id);
    expect(await openTrace(database, engine, child.id)).toEqual(['review:4']);
    const [b] = (await database.tx((tx) => engine.openTasks(tx, parent.id))).filter((t) => t.nodeId === 'b');
    await database.tx((tx) => engine.reject(tx, { taskId: b.id, userId: 2, target: 'a', comment: 'again' }));
    expect(await openTrace(database, engine, parent.id)).toEqual(['a:1']);
    await expectInterrupted(child.id, 2);
    // The next round calls a fresh child; the old one is gone for good.
    await approveAt(database, engine, parent.id, 'a');
    const [, again] = await calledBy(parent.id);
    await approveAt(database, engine, again.id, 'review');
    await approveAt(database, engine, parent.id, 'b');
    expect(await openTrace(database, engine, parent.id)).toEqual(['c:3']);
  });

  it('a withdraw that takes the token off a call activity ends the called child', async () => {
    const { instance: parent } = await startProcess('calling');
    await approveAt(database, engine, parent.id, 'a');
    const [child] = await calledBy(parent.id);
    await database.tx((tx) => engine.withdraw(tx, { instanceId: parent.id, userId: 1 }));
    expect(await openTrace(database, engine, parent.id)).toEqual(['a:1']);
    await expectInterrupted(child.id, 1);
  });

  it('a terminate end event ends the child called from another branch', async () => {
    const { instance: parent } = await startProcess('terminating');
    const [child] = await calledBy(parent.id);
    await approveAt(database, engine, parent.id, 'b');
    expect(await instance(parent.id)).toMatchObject({ state: 'terminated' });
    await expectInterrupted(child.id, 2);
  });

  it('the recycle bin takes a called process with its caller, and gives it back with it', async () => {
    const { instance: parent } = await startProcess('hiring');
    const [child] = await calledBy(parent.id);
    const [grandchild] = await calledBy(child.id);
    const todo = async (userId: number) => (await database.tx((tx) => engine.todoTasks(tx, userId))).map((r) => r.task.instanceId);
    expect(await todo(4)).toContain(child.id);
    await database.tx((tx) => engine.deleteInstance(tx, { instanceId: parent.id, userId: STARTER }));
    // The child's and grandchild's tasks leave the lists and take no operation; their timers wait.
    expect(await todo(4)).not.toContain(child.id);
    expect(await todo(5)).not.toContain(grandchild.id);
    const [review] = await database.tx((tx) => engine.openTasks(tx, child.id));
    await expect(database.tx((tx) => engine.approve(tx, { taskId: review.id, userId: 4 }))).rejects.toMatchObject({ code: 'workflow.instanceNotFound' });
    clock.advance(4 * 24 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    // The bin shows the caller alone; restoring it brings the called processes back too.
    expect((await database.tx((tx) => engine.recycleBin(tx, STARTER, { current: 1, size: 100 }))).map((i) => i.id)).toEqual(
      expect.arrayContaining([parent.id]),
    );
    expect((await database.tx((tx) => engine.recycleBin(tx, STARTER, { current: 1, size: 100 }))).map((i) => i.id)).not.toContain(child.id);
    await database.tx((tx) => engine.restoreInstance(tx, { instanceId: parent.id }));
    expect(await todo(4)).toContain(child.id);
    expect(await todo(5)).toContain(grandchild.id);
    // Purged, the whole family is gone.
    await database.tx((tx) => engine.deleteInstance(tx, { instanceId: parent.id, userId: STARTER }));
    await database.tx((tx) => engine.purgeInstance(tx, { instanceId: parent.id }));
    expect(await calledBy(parent.id)).toEqual([]);
    expect(await tasksOf(grandchild.id)).toEqual([]);
  });

  it('a called process that ends while its caller is suspended moves the caller on when it is resumed, not before', async () => {
    const { instance: parent } = await startProcess('calling');
    await approveAt(database, engine, parent.id, 'a');
    const [child] = await calledBy(parent.id);
    await database.tx((tx) => engine.suspend(tx, { instanceId: parent.id, userId: 99 }));
    await approveAt(database, engine, child.id, 'review');
    expect(await instance(child.id)).toMatchObject({ state: 'completed' });
    // Suspended: the caller stays at the call activity.
    expect(await openTrace(database, engine, parent.id)).toEqual([]);
    expect((await database.tx((tx) => engine.diagram(tx, parent.id))).current).toEqual(['call']);
    await database.tx((tx) => engine.resume(tx, { instanceId: parent.id, userId: 99 }));
    expect(await openTrace(database, engine, parent.id)).toEqual(['after:3']);
  });
});
