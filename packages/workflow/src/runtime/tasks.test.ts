import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { OTHER_TENANT, openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER, testResolver } from '../test/engine.ts';
import { WorkflowEngine } from './engine.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('task operations', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'linear',
        name: 'linear',
        xml: definitions('linear', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n')),
      }),
    );
  });
  afterAll(async () => database?.close());

  const startLinear = () => database.tx((tx) => engine.start(tx, { definitionKey: 'linear', starterId: STARTER }));
  const taskAt = async (instanceId: number, nodeId: string) => (await database.tx((tx) => engine.openTasks(tx, instanceId))).find((t) => t.nodeId === nodeId)!;

  it('a task acted on again, or never there, is refused with the reason and changes nothing', async () => {
    const { instance } = await startLinear();
    const a = await taskAt(instance.id, 'a');
    await database.tx((tx) => engine.approve(tx, { taskId: a.id, userId: 1 }));
    // Its token moved on: the task is read as it is now.
    await expect(database.tx((tx) => engine.approve(tx, { taskId: a.id, userId: 1 }))).rejects.toMatchObject({
      code: 'workflow.taskNotOpen',
      message: expect.stringContaining('completed'),
    });
    const b = await taskAt(instance.id, 'b');
    await database.tx((tx) => engine.approve(tx, { taskId: b.id, userId: 2 }));
    // The instance ended and its tokens are gone: it says so, not "no task".
    await expect(database.tx((tx) => engine.approve(tx, { taskId: b.id, userId: 2 }))).rejects.toMatchObject({ code: 'workflow.instanceEnded' });
    await expect(database.tx((tx) => engine.approve(tx, { taskId: 2_000_000_000, userId: 2 }))).rejects.toMatchObject({ code: 'workflow.taskNotFound' });
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.filter((h) => h.action === 'approve').map((h) => h.nodeId)).toEqual(['a', 'b']);
  });

  it('operations on an ended instance say so', async () => {
    // A counter-sign beside a branch that ends the whole process: its open tasks are cancelled with it.
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'ended',
        name: 'ended',
        xml: definitions(
          'ended',
          [
            start(),
            gateway('parallel', 'fork'),
            user('a', '1'),
            user('cs', { values: '5,6', counterSign: 'type="parallel" completion="all"' }),
            end('stop', true),
            end(),
            chain('start', 'fork'),
            flow('fa', 'fork', 'a'),
            flow('fc', 'fork', 'cs'),
            chain('a', 'stop'),
            chain('cs', 'end'),
          ].join('\n'),
        ),
      }),
    );
    const { instance: terminated, startTaskId } = await database.tx((tx) => engine.start(tx, { definitionKey: 'ended', starterId: STARTER }));
    const signer = await taskAt(terminated.id, 'cs');
    await approveAt(database, engine, terminated.id, 'a');
    const { instance: completed } = await startLinear();
    await approveAt(database, engine, completed.id, 'a');
    const last = await taskAt(completed.id, 'b');
    await approveAt(database, engine, completed.id, 'b');
    const { instance: suspended } = await startLinear();
    const held = await taskAt(suspended.id, 'a');
    await database.tx((tx) => engine.suspend(tx, { instanceId: suspended.id, userId: 99 }));
    expect([
      (await database.tx((tx) => engine.instance(tx, terminated.id))).state,
      (await database.tx((tx) => engine.instance(tx, completed.id))).state,
    ]).toEqual(['terminated', 'completed']);

    /** Every operation on a task (and a carbon copy of its instance), as its holder would ask. */
    const operations = (taskId: number, userId: number, instanceId: number) => ({
      approve: () => database.tx((tx) => engine.approve(tx, { taskId, userId, comment: 'ok' })),
      reject: () => database.tx((tx) => engine.reject(tx, { taskId, userId, target: 'previous' })),
      transfer: () => database.tx((tx) => engine.transfer(tx, { taskId, userId, toUserId: 8 })),
      delegate: () => database.tx((tx) => engine.delegate(tx, { taskId, userId, toUserId: 8 })),
      assign: () => database.tx((tx) => engine.assign(tx, { taskId, adminId: 99, toUserId: 8 })),
      addSigner: () => database.tx((tx) => engine.addCounterSigners(tx, { taskId, userId, userIds: [9] })),
      removeSigner: () => database.tx((tx) => engine.removeCounterSigners(tx, { taskId, userId, userIds: [6] })),
      saveForm: () => database.tx((tx) => engine.saveTaskForm(tx, { taskId, userId, variables: { note: 'x' } })),
      stamp: () => database.tx((tx) => engine.sign(tx, { taskId, userId, stamp: 'seal' })),
      carbonCopy: () => database.tx((tx) => engine.carbonCopy(tx, { instanceId, fromUserId: userId, userIds: [30], taskId })),
    });
    const refusals = async (taskId: number, userId: number, instanceId: number) => {
      const codes: Record<string, unknown> = {};
      for (const [name, operation] of Object.entries(operations(taskId, userId, instanceId))) {
        codes[name] = await operation().then(
          () => 'done',
          (error: { code?: string }) => error.code,
        );
      }
      return codes;
    };
    const all = (code: string) => Object.fromEntries(Object.keys(operations(0, 0, 0)).map((name) => [name, code]));
    const historyOf = (id: number) => database.tx((tx) => engine.history(tx, id));
    const before = [await historyOf(terminated.id), await historyOf(completed.id), await historyOf(suspended.id)];

    // A task cancelled when a terminate end ended the instance, the last task of a completed one:
    // the instance has ended, whoever asks; a suspended one says it is suspended.
    expect(await refusals(signer.id, 5, terminated.id)).toEqual(all('workflow.instanceEnded'));
    expect(await refusals(signer.id, 7, terminated.id)).toEqual(all('workflow.instanceEnded'));
    expect(await refusals(last.id, 2, completed.id)).toEqual(all('workflow.instanceEnded'));
    expect(await refusals(held.id, 1, suspended.id)).toEqual(all('workflow.suspended'));
    // Resubmitting (the start task again) and withdrawing are refused the same way.
    await expect(database.tx((tx) => engine.approve(tx, { taskId: startTaskId, userId: STARTER }))).rejects.toMatchObject({ code: 'workflow.instanceEnded' });
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: completed.id, userId: 2 }))).rejects.toMatchObject({
      code: 'workflow.instanceEnded',
    });
    // Nothing was written.
    expect([await historyOf(terminated.id), await historyOf(completed.id), await historyOf(suspended.id)]).toEqual(before);
    const copies = await database.tx((tx) => engine.carbonCopies(tx, 30, { current: 1, size: 500 }));
    expect(copies.filter((c) => [terminated.id, completed.id, suspended.id].includes(c.instanceId))).toEqual([]);
  });

  it('transfer keeps the task and changes its approver; it needs an approver', async () => {
    const { instance } = await startLinear();
    const task = await taskAt(instance.id, 'a');
    await expect(database.tx((tx) => engine.transfer(tx, { taskId: task.id, userId: 1, toUserId: 0 }))).rejects.toMatchObject({
      code: 'workflow.transferNeedsApprover',
    });
    await database.tx((tx) => engine.transfer(tx, { taskId: task.id, userId: 1, toUserId: 8, comment: 'on leave' }));
    const moved = await taskAt(instance.id, 'a');
    expect([moved.id, moved.assigneeId]).toEqual([task.id, 8]);
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1 }))).rejects.toMatchObject({ code: 'workflow.notAssignee' });
    await approveAt(database, engine, instance.id, 'a', 8);
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('a delegate’s approval hands the task back to its owner, who completes it', async () => {
    const { instance } = await startLinear();
    const task = await taskAt(instance.id, 'a');
    await database.tx((tx) => engine.delegate(tx, { taskId: task.id, userId: 1, toUserId: 7 }));
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1 }))).rejects.toMatchObject({ code: 'workflow.notAssignee' });
    await database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 7, comment: 'looks fine' }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    await database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1 }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('suspend refuses task operations and assign until resume; suspend twice or resume a running one is refused', async () => {
    const { instance } = await startLinear();
    const task = await taskAt(instance.id, 'a');
    await database.tx((tx) => engine.suspend(tx, { instanceId: instance.id, userId: 99 }));
    await expect(database.tx((tx) => engine.suspend(tx, { instanceId: instance.id, userId: 99 }))).rejects.toMatchObject({
      code: 'workflow.notRunning',
    });
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1 }))).rejects.toMatchObject({ code: 'workflow.suspended' });
    await expect(database.tx((tx) => engine.assign(tx, { taskId: task.id, adminId: 99, toUserId: 5 }))).rejects.toMatchObject({
      code: 'workflow.suspended',
    });
    await database.tx((tx) => engine.resume(tx, { instanceId: instance.id, userId: 99 }));
    await expect(database.tx((tx) => engine.resume(tx, { instanceId: instance.id, userId: 99 }))).rejects.toMatchObject({
      code: 'workflow.notSuspended',
    });
    await database.tx((tx) => engine.assign(tx, { taskId: task.id, adminId: 99, toUserId: 5 }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:5']);
  });

  it('carbon copies are listed for their readers and marked read once', async () => {
    const { instance } = await startLinear();
    await database.tx((tx) => engine.carbonCopy(tx, { instanceId: instance.id, fromUserId: STARTER, userIds: [30, 31, 30] }));
    const mine = await database.tx((tx) => engine.carbonCopies(tx, 30));
    expect(mine.filter((c) => c.instanceId === instance.id)).toHaveLength(1);
    expect(mine[0].readAt).toBeNull();
    await database.tx((tx) => engine.readCarbonCopy(tx, { id: mine[0].id, userId: 30 }));
    expect((await database.tx((tx) => engine.carbonCopies(tx, 30)))[0].readAt).not.toBeNull();
  });

  it('drafts are saved, listed, deleted, and started from (the draft goes)', async () => {
    const draft = await database.tx((tx) => engine.saveDraft(tx, { definitionKey: 'linear', ownerId: 40, title: 'Trip', data: { days: 3 } }));
    await database.tx((tx) => engine.saveDraft(tx, { id: draft.id, definitionKey: 'linear', ownerId: 40, title: 'Trip', data: { days: 4 } }));
    const other = await database.tx((tx) => engine.saveDraft(tx, { definitionKey: 'linear', ownerId: 40, data: {} }));
    expect((await database.tx((tx) => engine.drafts(tx, 40))).map((d) => d.id)).toEqual([other.id, draft.id]);
    await database.tx((tx) => engine.deleteDraft(tx, { id: other.id, ownerId: 40 }));
    const { instance } = await database.tx((tx) => engine.startFromDraft(tx, { draftId: draft.id, ownerId: 40 }));
    expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual({ days: 4 });
    expect(await database.tx((tx) => engine.drafts(tx, 40))).toEqual([]);
  });

  it('a deleted instance leaves the to-do list for the recycle bin; restore and purge', async () => {
    const { instance } = await startLinear();
    const inTodo = async () => (await database.tx((tx) => engine.todoTasks(tx, 1, { current: 1, size: 500 }))).some((r) => r.task.instanceId === instance.id);
    expect(await inTodo()).toBe(true);
    await database.tx((tx) => engine.deleteInstance(tx, { instanceId: instance.id, userId: STARTER }));
    expect(await inTodo()).toBe(false);
    expect((await database.tx((tx) => engine.recycleBin(tx, STARTER))).map((i) => i.id)).toContain(instance.id);
    await database.tx((tx) => engine.restoreInstance(tx, { instanceId: instance.id }));
    expect(await inTodo()).toBe(true);
    await database.tx((tx) => engine.deleteInstance(tx, { instanceId: instance.id, userId: STARTER }));
    await database.tx((tx) => engine.purgeInstance(tx, { instanceId: instance.id }));
    await expect(database.tx((tx) => engine.instance(tx, instance.id))).rejects.toMatchObject({ code: 'workflow.instanceNotFound' });
  });

  it('another tenant reaches none of it (row-level security)', async () => {
    const { instance } = await startLinear();
    await expect(database.tx((tx) => engine.instance(tx, instance.id), OTHER_TENANT)).rejects.toMatchObject({ code: 'workflow.instanceNotFound' });
    expect(await database.tx((tx) => engine.openTasks(tx, instance.id), OTHER_TENANT)).toEqual([]);
    await expect(database.tx((tx) => engine.start(tx, { definitionKey: 'linear', starterId: 1 }), OTHER_TENANT)).rejects.toMatchObject({
      code: 'workflow.definitionNotFound',
    });
  });
});

describe.skipIf(!reachable)('standing delegations', () => {
  const delegating = new WorkflowEngine({
    resolver: testResolver,
    delegation: { activeDelegateFor: async (_tx, userId, key) => (userId === 1 && key === 'linear' ? 7 : null) },
  });
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.tx((tx) =>
      delegating.deploy(tx, {
        key: 'linear',
        name: 'linear',
        xml: definitions('linear', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n')),
      }),
    );
  });
  afterAll(async () => db?.close());

  it('a task of a user with an active delegation goes to the deputy, whose approval hands it back', async () => {
    const { instance } = await db.tx((tx) => delegating.start(tx, { definitionKey: 'linear', starterId: STARTER }));
    expect(await openTrace(db, delegating, instance.id)).toEqual(['a:7']);
    const [task] = await db.tx((tx) => delegating.openTasks(tx, instance.id));
    expect(task.ownerId).toBe(1);
    await db.tx((tx) => delegating.approve(tx, { taskId: task.id, userId: 7, comment: 'checked', stamp: 'seal-7' }));
    expect(await openTrace(db, delegating, instance.id)).toEqual(['a:1']);
    await db.tx((tx) => delegating.approve(tx, { taskId: task.id, userId: 1, stamp: 'seal-1' }));
    expect(await openTrace(db, delegating, instance.id)).toEqual(['b:2']);
    const history = await db.tx((tx) => delegating.history(tx, instance.id));
    expect(history.filter((h) => h.taskId === task.id && h.event !== 'enter').map((h) => `${h.action}:${h.userId}:${h.stamp ?? ''}`)).toEqual([
      'delegateReturn:7:',
      'approve:1:seal-1',
    ]);
  });
});
