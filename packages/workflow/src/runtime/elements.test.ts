import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, openTrace, STARTER, TestClock, testResolver } from '../test/engine.ts';
import { and, eq } from 'drizzle-orm';
import { wfJobs, wfTasks } from '../tables.ts';
import { WorkflowEngine } from './engine.ts';

const clock = new TestClock();
const calls: string[] = [];
const engine = new WorkflowEngine({
  resolver: testResolver,
  clock: clock.read,
  services: {
    async invoke(_tx, call) {
      calls.push(`${call.kind}:${call.name ?? call.url}`);
      return { checked: true };
    },
  },
});
let database: TestDatabase;
const reachable = await postgresReachable();
const HOUR = 3600_000;

const timer = (duration: string) => `<bpmn:timerEventDefinition><bpmn:timeDuration>${duration}</bpmn:timeDuration></bpmn:timerEventDefinition>`;

describe.skipIf(!reachable)('supported elements', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, body: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body) }));
  const startProcess = (key: string, variables: Record<string, unknown> = {}) =>
    database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, variables }));
  const stateOf = async (id: number) => (await database.tx((tx) => engine.instance(tx, id))).state;

  it.each([
    ['parallel', 'all', undefined, ['cs:5', 'cs:6', 'cs:7', 'cs:8'], [5, 6, 7], 8],
    ['parallel', 'single', undefined, ['cs:5', 'cs:6', 'cs:7', 'cs:8'], [], 6],
    ['parallel', 'percentage', 50, ['cs:5', 'cs:6', 'cs:7', 'cs:8'], [5], 7],
    ['sequential', 'all', undefined, ['cs:5'], [5, 6, 7], 8],
    ['sequential', 'single', undefined, ['cs:5'], [], 5],
    ['sequential', 'percentage', 50, ['cs:5'], [5], 6],
  ])('counter-sign %s / %s %s: tasks, early stop', async (type, completion, percent, first, before, last) => {
    const key = `cs_${type}_${completion}`;
    await deploy(
      key,
      [
        start(),
        user('cs', { values: '5,6,7,8', counterSign: `type="${type}" completion="${completion}"${percent ? ` percent="${percent}"` : ''}` }),
        user('after', '1'),
        end(),
        chain('start', 'cs', 'after', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess(key);
    expect(await openTrace(database, engine, instance.id)).toEqual(first);
    for (const approver of before) {
      await approveAt(database, engine, instance.id, 'cs', approver);
      expect((await openTrace(database, engine, instance.id)).every((t) => t.startsWith('cs:'))).toBe(true);
    }
    await approveAt(database, engine, instance.id, 'cs', last);
    // Decided: the remaining counter-signers' tasks are gone, the next node is open.
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:1']);
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.filter((h) => h.nodeId === 'cs' && h.action === 'approve')).toHaveLength(before.length + 1);
  });

  it('embedded sub-process: its tasks run in their scope, the process goes on after it', async () => {
    await deploy(
      'withSub',
      [
        start(),
        `<bpmn:subProcess id="sub">${start('s1')}${user('inner1', '1')}${user('inner2', '2')}${end('e1')}${chain('s1', 'inner1', 'inner2', 'e1')}</bpmn:subProcess>`,
        user('after', '3'),
        end(),
        chain('start', 'sub', 'after', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('withSub');
    expect(await openTrace(database, engine, instance.id)).toEqual(['inner1:1']);
    await approveAt(database, engine, instance.id, 'inner1');
    await approveAt(database, engine, instance.id, 'inner2');
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:3']);
  });

  it('call activity: the called process runs as a child instance; the caller waits for its end', async () => {
    await deploy('called', [start(), user('review', '4'), end(), chain('start', 'review', 'end')].join('\n'));
    await deploy(
      'caller',
      [start(), '<bpmn:callActivity id="call" calledElement="called"/>', user('after', '3'), end(), chain('start', 'call', 'after', 'end')].join('\n'),
    );
    const { instance } = await startProcess('caller');
    expect(await openTrace(database, engine, instance.id)).toEqual([]);
    const child = await database.tx(async (tx) => {
      const rows = await tx.execute(`select id from wf_instance where parent_instance_id = ${instance.id}` as never);
      return Number((rows as unknown as { rows: { id: number }[] }).rows[0].id);
    });
    expect(await openTrace(database, engine, child)).toEqual(['review:4']);
    await approveAt(database, engine, child, 'review');
    expect(await stateOf(child)).toBe('completed');
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:3']);
  });

  it('service task: a built-in runs inside the operation, its result becomes variables', async () => {
    await deploy(
      'service',
      [
        start(),
        '<bpmn:serviceTask id="check"><bpmn:extensionElements><macro:node><macro:service kind="builtin" name="creditCheck"/></macro:node></bpmn:extensionElements></bpmn:serviceTask>',
        user('a', '1'),
        end(),
        chain('start', 'check', 'a', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('service');
    expect(calls).toContain('builtin:creditCheck');
    expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual({ checked: true });
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
  });

  it('terminate end event ends the instance with its other branches', async () => {
    await deploy(
      'terminate',
      [
        start(),
        '<bpmn:parallelGateway id="fork"/>',
        user('a', '1'),
        user('b', '2'),
        end('stop', true),
        end('end'),
        chain('start', 'fork'),
        '<bpmn:sequenceFlow id="fa" sourceRef="fork" targetRef="a"/><bpmn:sequenceFlow id="fb" sourceRef="fork" targetRef="b"/>',
        chain('a', 'stop'),
        chain('b', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('terminate');
    await approveAt(database, engine, instance.id, 'a');
    expect(await openTrace(database, engine, instance.id)).toEqual([]);
    expect(await stateOf(instance.id)).toBe('terminated');
  });

  it('timers: an intermediate timer waits for the clock, fires once, and not while suspended', async () => {
    await deploy(
      'waiting',
      [
        start(),
        `<bpmn:intermediateCatchEvent id="wait">${timer('PT2H')}</bpmn:intermediateCatchEvent>`,
        user('a', '1'),
        end(),
        chain('start', 'wait', 'a', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('waiting');
    expect(await engine.runDueJobs(database.db)).toBe(0);
    await database.tx((tx) => engine.suspend(tx, { instanceId: instance.id, userId: 99 }));
    clock.advance(3 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    expect(await openTrace(database, engine, instance.id)).toEqual([]);
    await database.tx((tx) => engine.resume(tx, { instanceId: instance.id, userId: 99 }));
    // Two passes at once (two server processes): the job fires exactly once.
    const fired = await Promise.all([engine.runDueJobs(database.db), engine.runDueJobs(database.db)]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
  });

  it('timers: an ISO 8601 date waits until that moment, and a date that is not one is refused at deploy', async () => {
    const at = new Date(clock.now.getTime() + 2 * HOUR).toISOString();
    const dated = (value: string) =>
      `<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDate>${value}</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`;
    await deploy('dated', [start(), dated(at), user('a', '1'), end(), chain('start', 'wait', 'a', 'end')].join('\n'));
    const { instance } = await startProcess('dated');
    clock.advance(HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    clock.advance(HOUR + 1000);
    expect(await engine.runDueJobs(database.db)).toBe(1);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    // Not ISO 8601, or without an offset (whose clock would it be?): refused.
    for (const value of ['next tuesday', '2026/05/01 09:00', '2026-05-01T09:00:00']) {
      await expect(deploy('undated', [start(), dated(value), user('a', '1'), end(), chain('start', 'wait', 'a', 'end')].join('\n'))).rejects.toThrow(
        'IntermediateCatchEvent wait: a timer needs an ISO 8601 duration (timeDuration) or date (timeDate)',
      );
    }
  });

  it('timers: an interrupting boundary timer cancels the task and takes its path; a non-interrupting one adds a branch', async () => {
    await deploy(
      'boundary',
      [
        start(),
        user('a', '1'),
        `<bpmn:boundaryEvent id="late" attachedToRef="a">${timer('P1D')}</bpmn:boundaryEvent>`,
        `<bpmn:boundaryEvent id="remind" attachedToRef="a" cancelActivity="false">${timer('PT1H')}</bpmn:boundaryEvent>`,
        user('escalated', '2'),
        user('reminder', '3'),
        end(),
        end('end2'),
        end('end3'),
        chain('start', 'a', 'end'),
        chain('late', 'escalated', 'end2'),
        chain('remind', 'reminder', 'end3'),
      ].join('\n'),
    );
    const { instance } = await startProcess('boundary');
    clock.advance(2 * HOUR);
    await engine.runDueJobs(database.db);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1', 'reminder:3']);
    clock.advance(24 * HOUR);
    await engine.runDueJobs(database.db);
    expect(await openTrace(database, engine, instance.id)).toEqual(['escalated:2', 'reminder:3']);
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.some((h) => h.nodeId === 'a' && h.action === 'timeout')).toBe(true);
  });
  it('an abstract task, a manual task and a none intermediate event pass the token on at once', async () => {
    await deploy(
      'marks',
      [
        start(),
        '<bpmn:task id="note" name="Note"/>',
        '<bpmn:manualTask id="sign" name="Sign on paper"/>',
        '<bpmn:intermediateThrowEvent id="reached" name="Reached"/>',
        user('a', '1'),
        end(),
        chain('start', 'note', 'sign', 'reached', 'a', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('marks');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    const passed = (await database.tx((tx) => engine.history(tx, instance.id)))
      .filter((h) => ['note', 'sign', 'reached'].includes(h.nodeId))
      .map((h) => `${h.nodeId}:${h.event}`);
    expect(passed).toEqual(['note:enter', 'note:leave', 'sign:enter', 'sign:leave', 'reached:enter', 'reached:leave']);
    // An intermediate throw event of a kind the engine does not run is still refused.
    await expect(
      deploy(
        'throwsMessage',
        [
          start(),
          '<bpmn:intermediateThrowEvent id="tell"><bpmn:messageEventDefinition/></bpmn:intermediateThrowEvent>',
          end(),
          chain('start', 'tell', 'end'),
        ].join('\n'),
      ),
    ).rejects.toThrow(/IntermediateThrowEvent tell/);
  });

  it('auto-agree passes a node whose approver started the process or already approved in it; others wait', async () => {
    const agree = 'autoAgree="true"';
    await deploy(
      'agreeing',
      [
        start(),
        user('own', { values: String(STARTER), node: agree }),
        user('first', '1'),
        user('again', { values: '1', node: agree }),
        user('fresh', { values: '2', node: agree }),
        end(),
        chain('start', 'own', 'first', 'again', 'fresh', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('agreeing');
    // The starter's own node passed at once; the next one waits for user 1.
    expect(await openTrace(database, engine, instance.id)).toEqual(['first:1']);
    await approveAt(database, engine, instance.id, 'first', 1);
    // User 1 already approved: "again" passes; user 2 never did: "fresh" waits.
    expect(await openTrace(database, engine, instance.id)).toEqual(['fresh:2']);
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    const agreed = history.filter((h) => h.action === 'autoAgree').map((h) => `${h.nodeId}:${h.userId}`);
    expect(agreed).toEqual([`own:${STARTER}`, 'again:1']);
    // Each passed node keeps a completed task in its approver's name, which nobody can withdraw.
    const tasks = await database.tx((tx) => tx.select().from(wfTasks).where(eq(wfTasks.instanceId, instance.id)).orderBy(wfTasks.id));
    expect(
      tasks.filter((t) => t.action === 'autoAgree').map((t) => ({ node: t.nodeId, by: t.completedBy, state: t.state, withdrawable: t.withdrawable })),
    ).toEqual([
      { node: 'own', by: STARTER, state: 'completed', withdrawable: false },
      { node: 'again', by: 1, state: 'completed', withdrawable: false },
    ]);
    await approveAt(database, engine, instance.id, 'fresh', 2);
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('"previous node designates": the approval before it must name the approver, who then gets the task', async () => {
    await deploy(
      'designating',
      [start(), user('a', '1'), user('b', { values: '2', node: 'previousDesignates="true"' }), end(), chain('start', 'a', 'b', 'end')].join('\n'),
    );
    const { instance } = await startProcess('designating');
    const [task] = await database.tx((tx) => engine.openTasks(tx, instance.id));
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1 }))).rejects.toMatchObject({ code: 'workflow.designateRequired' });
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    await database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, designated: { b: [5] } }));
    // The rule's own approver (2) is not asked: the designated one is.
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:5']);
  });

  it("due times: a task open past its node's due time becomes overdue once; one completed in time never does", async () => {
    await deploy(
      'due',
      [
        start(),
        user('a', { values: '1', node: 'dueIn="PT4H"' }),
        user('b', { values: '2', node: 'dueIn="PT1H"' }),
        end(),
        chain('start', 'a', 'b', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('due');
    const [task] = await database.tx((tx) => engine.openTasks(tx, instance.id));
    expect(task.dueAt?.getTime()).toBe(clock.now.getTime() + 4 * HOUR);
    clock.advance(3 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    clock.advance(2 * HOUR);
    // Two passes at once: marked once.
    const fired = await Promise.all([engine.runDueJobs(database.db), engine.runDueJobs(database.db)]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    const overdue = async () =>
      (await database.tx((tx) => engine.history(tx, instance.id))).filter((h) => h.action === 'overdue').map((h) => `${h.nodeId}:${h.userId}:${h.taskId}`);
    expect(await overdue()).toEqual([`a:1:${task.id}`]);
    // Still open and still the approver's to handle; b, approved in time, is never overdue.
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    await approveAt(database, engine, instance.id, 'a', 1);
    clock.advance(HOUR / 2);
    await approveAt(database, engine, instance.id, 'b', 2);
    clock.advance(2 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    expect(await overdue()).toEqual([`a:1:${task.id}`]);
    expect(await stateOf(instance.id)).toBe('completed');
    // A counter-signer who signs in time takes their due timer with them; the others' still wait.
    await deploy(
      'dueCs',
      [
        start(),
        user('cs', { values: '5,6', node: 'dueIn="PT1H"', counterSign: 'type="parallel" completion="all"' }),
        user('after', '1'),
        end(),
        chain('start', 'cs', 'after', 'end'),
      ].join('\n'),
    );
    const { instance: signing } = await startProcess('dueCs');
    const pending = async () =>
      (
        await database.tx((tx) =>
          tx
            .select()
            .from(wfJobs)
            .where(and(eq(wfJobs.instanceId, signing.id), eq(wfJobs.state, 'pending'))),
        )
      ).length;
    expect(await pending()).toBe(2);
    await approveAt(database, engine, signing.id, 'cs', 5);
    expect(await pending()).toBe(1);
    await approveAt(database, engine, signing.id, 'cs', 6);
    expect(await pending()).toBe(0);
    await expect(deploy('badDue', [start(), user('a', { values: '1', node: 'dueIn="2 days"' }), end(), chain('start', 'a', 'end')].join('\n'))).rejects.toThrow(
      'UserTask a: a due time needs an ISO 8601 duration, e.g. P2D or PT4H',
    );
  });

  it('auto-agree is refused on a counter-sign node at deploy', async () => {
    await expect(
      deploy(
        'agree-cs',
        [
          start(),
          user('cs', { values: '1,2', node: 'autoAgree="true"', counterSign: 'type="parallel" completion="all"' }),
          end(),
          chain('start', 'cs', 'end'),
        ].join('\n'),
      ),
    ).rejects.toThrow('UserTask cs: auto-agree is unavailable in a counter-sign');
  });
});

describe.skipIf(!reachable)('adding and removing counter-signers', () => {
  // A database of its own, so an engine of its own (an engine caches its database's definitions).
  const engine = new WorkflowEngine({ resolver: testResolver, clock: clock.read });
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
    for (const type of ['parallel', 'sequential']) {
      await db.tx((tx) =>
        engine.deploy(tx, {
          key: `cs_${type}`,
          name: type,
          xml: definitions(
            `cs_${type}`,
            [
              start(),
              user('cs', { values: '5,6,7', counterSign: `type="${type}" completion="all"` }),
              user('after', '1'),
              end(),
              chain('start', 'cs', 'after', 'end'),
            ].join('\n'),
          ),
        }),
      );
    }
  });
  afterAll(async () => db?.close());

  const taskOf = async (instanceId: number, userId: number) => (await db.tx((tx) => engine.openTasks(tx, instanceId))).find((t) => t.assigneeId === userId)!;

  it('parallel: an added counter-signer must sign too; removing the last holdout completes the node', async () => {
    const { instance } = await db.tx((tx) => engine.start(tx, { definitionKey: 'cs_parallel', starterId: STARTER }));
    const five = await taskOf(instance.id, 5);
    await db.tx((tx) => engine.addCounterSigners(tx, { taskId: five.id, userId: 5, userIds: [8, 5] }));
    expect(await openTrace(db, engine, instance.id)).toEqual(['cs:5', 'cs:6', 'cs:7', 'cs:8']);
    for (const u of [5, 6, 7]) await approveAt(db, engine, instance.id, 'cs', u);
    expect(await openTrace(db, engine, instance.id)).toEqual(['cs:8']);
    const eight = await taskOf(instance.id, 8);
    await expect(db.tx((tx) => engine.removeCounterSigners(tx, { taskId: eight.id, userId: 8, userIds: [5] }))).rejects.toMatchObject({
      code: 'workflow.counterSignerSigned',
    });
    await db.tx((tx) => engine.removeCounterSigners(tx, { taskId: eight.id, userId: 8, userIds: [8] }));
    expect(await openTrace(db, engine, instance.id)).toEqual(['after:1']);
  });

  it('sequential: a removed counter-signer is skipped, an added one signs last', async () => {
    const { instance } = await db.tx((tx) => engine.start(tx, { definitionKey: 'cs_sequential', starterId: STARTER }));
    const five = await taskOf(instance.id, 5);
    await db.tx((tx) => engine.removeCounterSigners(tx, { taskId: five.id, userId: 5, userIds: [6] }));
    await db.tx((tx) => engine.addCounterSigners(tx, { taskId: five.id, userId: 5, userIds: [9] }));
    const order: string[] = [];
    for (;;) {
      const trace = await openTrace(db, engine, instance.id);
      if (!trace[0]?.startsWith('cs:')) break;
      order.push(trace[0]);
      await approveAt(db, engine, instance.id, 'cs');
    }
    expect(order).toEqual(['cs:5', 'cs:7', 'cs:9']);
    expect(await openTrace(db, engine, instance.id)).toEqual(['after:1']);
  });
});
