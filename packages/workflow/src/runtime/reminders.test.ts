import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, openTrace, STARTER, TestClock, testResolver } from '../test/engine.ts';
import { wfJobs } from '../tables.ts';
import { lintXml, WorkflowEngine } from './engine.ts';
import type { Reminder } from './ports.ts';

const clock = new TestClock();
const sent: Reminder[] = [];
const engine = new WorkflowEngine({
  resolver: testResolver,
  clock: clock.read,
  reminders: {
    async remind(_tx, reminder) {
      sent.push(reminder);
    },
  },
});
let database: TestDatabase;
const reachable = await postgresReachable();
const HOUR = 3600_000;

/** A non-interrupting timer on `task` repeating as `cycle` says, leading nowhere: a reminder. */
const reminder = (task: string, cycle: string, id = 'remind') =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${task}" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeCycle>${cycle}</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>`;

describe.skipIf(!reachable)('reminders: non-interrupting cycle timers on user tasks', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, body: string[]) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body.join('\n')) }));
  const startProcess = async (key: string) => {
    sent.length = 0;
    return (await database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, title: `${key} request` }))).instance;
  };
  /** A day passes and the timers run; what fired. */
  const nextDay = async () => {
    clock.advance(24 * HOUR);
    return engine.runDueJobs(database.db);
  };
  const pendingJobs = (instanceId: number) =>
    database.tx((tx) =>
      tx
        .select()
        .from(wfJobs)
        .where(and(eq(wfJobs.instanceId, instanceId), eq(wfJobs.state, 'pending'))),
    );
  const reminders = async (instanceId: number) =>
    (await database.tx((tx) => engine.history(tx, instanceId))).filter((h) => h.action === 'remind').map((h) => `${h.nodeId} ${h.comment}`);

  it('a reminder every 24 hours fires 3 times, the task staying where it is, then stops', async () => {
    await deploy('remind3', [start(), user('a', '1,2'), reminder('a', 'R3/PT24H'), end(), chain('start', 'a', 'end')]);
    const instance = await startProcess('remind3');
    clock.advance(23 * HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    clock.advance(HOUR);
    expect(await engine.runDueJobs(database.db)).toBe(1);
    expect(await nextDay()).toBe(1);
    expect(await nextDay()).toBe(1);
    expect(await nextDay()).toBe(0);
    expect(await nextDay()).toBe(0);
    expect(sent.map((r) => `${r.nodeId} ${r.repetition}/${r.times} to ${r.userIds.join(',')}`)).toEqual(['a 1/3 to 1,2', 'a 2/3 to 1,2', 'a 3/3 to 1,2']);
    expect(sent[0]).toMatchObject({ instanceId: instance.id, title: 'remind3 request', nodeName: 'a' });
    // The token never moved: the one task still waits for either candidate, and nothing is left to fire.
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1|2']);
    expect(await pendingJobs(instance.id)).toEqual([]);
    expect(await reminders(instance.id)).toEqual(['a 1/3', 'a 2/3', 'a 3/3']);
    await approveAt(database, engine, instance.id, 'a', 1);
    expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('completed');
  });

  it('a reminder stops when the task is completed: its next firing goes with the task', async () => {
    await deploy('remindDone', [start(), user('a', '1'), reminder('a', 'R3/PT24H'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')]);
    const instance = await startProcess('remindDone');
    expect(await nextDay()).toBe(1);
    expect(await pendingJobs(instance.id)).toHaveLength(1);
    await approveAt(database, engine, instance.id, 'a');
    expect(await pendingJobs(instance.id)).toEqual([]);
    expect(await nextDay()).toBe(0);
    expect(await nextDay()).toBe(0);
    expect(sent.map((r) => `${r.nodeId} ${r.repetition}`)).toEqual(['a 1']);
    expect(await reminders(instance.id)).toEqual(['a 1/3']);
  });

  it('a reminder reaches every actor of the task: each counter-signer still to sign, not those who signed', async () => {
    await deploy('remindSigners', [
      start(),
      user('cs', { values: '5,6,7', counterSign: 'type="parallel" completion="all"' }),
      reminder('cs', 'R/PT24H'),
      end(),
      chain('start', 'cs', 'end'),
    ]);
    const instance = await startProcess('remindSigners');
    expect(await nextDay()).toBe(1);
    await approveAt(database, engine, instance.id, 'cs', 6);
    expect(await nextDay()).toBe(1);
    expect(sent.map((r) => `${r.repetition}/${r.times ?? '∞'} to ${r.userIds.join(',')}`)).toEqual(['1/∞ to 5,6,7', '2/∞ to 5,7']);
    expect(sent[1].taskIds).toHaveLength(2);
    // Without a count it goes on until the node is done.
    await approveAt(database, engine, instance.id, 'cs', 5);
    await approveAt(database, engine, instance.id, 'cs', 7);
    expect(await nextDay()).toBe(0);
    expect(await reminders(instance.id)).toEqual(['cs 1', 'cs 2']);
  });

  it('a cycle timer with an outgoing flow sends a new token along it at each firing, the task staying', async () => {
    await deploy('remindBranch', [
      start(),
      user('a', '1'),
      reminder('a', 'R2/PT24H', 'chase'),
      user('chaser', '3'),
      end(),
      end('end2'),
      chain('start', 'a', 'end'),
      flow('f_chase', 'chase', 'chaser'),
      flow('f_chaser', 'chaser', 'end2'),
    ]);
    const instance = await startProcess('remindBranch');
    expect(await nextDay()).toBe(1);
    expect(await nextDay()).toBe(1);
    expect(await nextDay()).toBe(0);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1', 'chaser:3', 'chaser:3']);
    expect(sent.map((r) => `${r.repetition}/${r.times} to ${r.userIds.join(',')}`)).toEqual(['1/2 to 1', '2/2 to 1']);
  });

  it('lint: a timer cycle only on a non-interrupting boundary event, as a count and an interval', async () => {
    const lint = async (body: string[]) => (await lintXml(definitions('p', body.join('\n')))).map((p) => `${p.elementType}:${p.elementId}:${p.code}`);
    const base = [start(), user('a', '1'), end(), chain('start', 'a', 'end')];
    expect(await lint([...base, reminder('a', 'R3/PT24H')])).toEqual([]);
    expect(await lint([...base, reminder('a', 'R/P1D')])).toEqual([]);
    for (const bad of ['R0/PT24H', 'R3/PT0H', 'R3', 'PT24H', 'R3/2026-01-01T00:00:00Z/PT1H'])
      expect(await lint([...base, reminder('a', bad)])).toEqual(['BoundaryEvent:remind:timerCycleValue']);
    const interrupting = `<bpmn:boundaryEvent id="late" attachedToRef="a"><bpmn:timerEventDefinition><bpmn:timeCycle>R3/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>`;
    expect(await lint([...base, interrupting, user('b', '2'), flow('f_late', 'late', 'b'), flow('f_b', 'b', 'end')])).toEqual([
      'BoundaryEvent:late:timerCycleBoundary',
    ]);
    // A reminder leads nowhere only on a user task; elsewhere a boundary event needs its flow.
    const waits = [start(), '<bpmn:receiveTask id="r" messageRef="m"/>', end(), chain('start', 'r', 'end')];
    expect(await lint([...waits, reminder('r', 'R3/PT1H')])).toContain('BoundaryEvent:remind:noOutgoing');
  });
});
