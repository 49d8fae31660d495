import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowError } from '../errors.ts';
import { wfJobs } from '../tables.ts';
import { chain, definitions, end, flow, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER, TestClock } from '../test/engine.ts';
import { lintXml } from './engine.ts';

const clock = new TestClock();
const engine = newEngine(clock);
let database: TestDatabase;
const reachable = await postgresReachable();
const DAY = 24 * 3600_000;
const OPERATOR = 7;

const roots =
  '<bpmn:message id="Msg_paid" name="paymentPaid"/><bpmn:message id="Msg_signed" name="contractSigned"/><bpmn:signal id="Sig_recall" name="recall"/>';
const withRoots = (key: string, body: string) => definitions(key, body).replace('<bpmn:process', `${roots}\n<bpmn:process`);

/** Wait for the payment message, or cancel after 3 days. */
const PAYMENT = [
  start(),
  '<bpmn:eventBasedGateway id="either"/>',
  '<bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="Msg_paid"/></bpmn:intermediateCatchEvent>',
  '<bpmn:intermediateCatchEvent id="overdue"><bpmn:timerEventDefinition><bpmn:timeDuration>P3D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
  user('ship', '1'),
  end(),
  end('cancelled'),
  chain('start', 'either', 'paid', 'ship', 'end'),
  chain('either', 'overdue', 'cancelled'),
].join('\n');

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof WorkflowError ? error.code : String(error)),
  );

describe.skipIf(!reachable)('event-based gateway', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) => engine.deploy(tx, { key: 'payment', name: 'payment', xml: withRoots('payment', PAYMENT) }));
  });
  afterAll(async () => database?.close());

  const startPayment = async (businessKey: string) =>
    (await database.tx((tx) => engine.start(tx, { definitionKey: 'payment', starterId: STARTER, businessKey }))).instance;
  const jobsOf = (instanceId: number) => database.tx((tx) => tx.select({ state: wfJobs.state }).from(wfJobs).where(eq(wfJobs.instanceId, instanceId)));
  const passed = async (instanceId: number) =>
    (await database.tx((tx) => engine.history(tx, instanceId)))
      .filter((h) => h.event === 'leave')
      .map((h) => (h.action ? `${h.nodeId}:${h.action}` : h.nodeId));

  it('the payment arriving within 3 days wins: the process goes on to shipping and the cancel timer is withdrawn', async () => {
    const order = await startPayment('order-paid');
    expect(await jobsOf(order.id)).toEqual([{ state: 'pending' }]);
    clock.advance(2 * DAY);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    expect(await database.tx((tx) => engine.correlateMessage(tx, { messageName: 'paymentPaid', businessKey: 'order-paid', userId: OPERATOR }))).toEqual({
      instanceId: order.id,
      started: false,
    });
    expect(await openTrace(database, engine, order.id)).toEqual(['ship:1']);
    expect(await jobsOf(order.id)).toEqual([{ state: 'cancelled' }]);
    // Past the 3 days, nothing fires: the order is not cancelled.
    clock.advance(2 * DAY);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    expect(await openTrace(database, engine, order.id)).toEqual(['ship:1']);
    expect(await passed(order.id)).toEqual(['start:start', 'either', 'paid:message']);
  });

  it('no payment within 3 days: the timer wins, the order ends cancelled, and a late payment finds nothing waiting', async () => {
    const order = await startPayment('order-late');
    clock.advance(3 * DAY - 1000);
    expect(await engine.runDueJobs(database.db)).toBe(0);
    clock.advance(1000);
    expect(await engine.runDueJobs(database.db)).toBe(1);
    expect((await database.tx((tx) => engine.instance(tx, order.id))).state).toBe('completed');
    expect(await passed(order.id)).toEqual(['start:start', 'either', 'overdue:timer', 'cancelled']);
    expect(await refusal(database.tx((tx) => engine.correlateMessage(tx, { messageName: 'paymentPaid', businessKey: 'order-late', userId: OPERATOR })))).toBe(
      'workflow.messageNotFound',
    );
  });

  it('a signal after the gateway wins over a receive task, whose message then finds nothing waiting', async () => {
    const body = [
      start(),
      '<bpmn:eventBasedGateway id="either"/>',
      '<bpmn:intermediateCatchEvent id="recalled"><bpmn:signalEventDefinition signalRef="Sig_recall"/></bpmn:intermediateCatchEvent>',
      '<bpmn:receiveTask id="signed" messageRef="Msg_signed"/>',
      user('file', '1'),
      end(),
      end('dropped'),
      chain('start', 'either', 'signed', 'file', 'end'),
      chain('either', 'recalled', 'dropped'),
    ].join('\n');
    await database.tx((tx) => engine.deploy(tx, { key: 'contract', name: 'contract', xml: withRoots('contract', body) }));
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'contract', starterId: STARTER, businessKey: 'c-1' }));
    expect(await database.tx((tx) => engine.throwSignal(tx, { signalName: 'recall', userId: OPERATOR }))).toEqual({ moved: 1, started: 0 });
    expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('completed');
    expect(await passed(instance.id)).toEqual(['start:start', 'either', 'recalled:signal', 'dropped']);
    expect(await refusal(database.tx((tx) => engine.correlateMessage(tx, { messageName: 'contractSigned', businessKey: 'c-1', userId: OPERATOR })))).toBe(
      'workflow.messageNotFound',
    );
    // The other way round: the receive task's message wins and the signal finds nothing.
    const second = (await database.tx((tx) => engine.start(tx, { definitionKey: 'contract', starterId: STARTER, businessKey: 'c-2' }))).instance;
    await database.tx((tx) => engine.correlateMessage(tx, { messageName: 'contractSigned', businessKey: 'c-2', userId: OPERATOR }));
    expect(await openTrace(database, engine, second.id)).toEqual(['file:1']);
    expect(await database.tx((tx) => engine.throwSignal(tx, { signalName: 'recall', userId: OPERATOR }))).toEqual({ moved: 0, started: 0 });
  });

  it('lint refuses an event-based gateway followed by anything but catch events and receive tasks, or with a condition on its flows, naming the gateway', async () => {
    expect(await lintXml(withRoots('ok', PAYMENT))).toEqual([]);
    const body = [
      start(),
      '<bpmn:eventBasedGateway id="either"/>',
      '<bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="Msg_paid"/></bpmn:intermediateCatchEvent>',
      user('review', '1'),
      end(),
      chain('start', 'either'),
      flow('f_paid', 'either', 'paid', 'amount > 100'),
      flow('f_review', 'either', 'review'),
      chain('paid', 'end'),
      chain('review', 'end'),
    ].join('\n');
    expect((await lintXml(withRoots('bad', body))).map((p) => `${p.elementType}:${p.elementId}:${p.code}:${Object.values(p.params).join(',')}`)).toEqual([
      'EventBasedGateway:either:eventGatewayCondition:f_paid',
      'EventBasedGateway:either:eventGatewayTarget:UserTask review',
    ]);
  });
});
