import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowError } from '../errors.ts';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { OTHER_TENANT, openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, openTrace, STARTER } from '../test/engine.ts';
import { lintXml } from './engine.ts';
import type { CorrelateInput } from './messages.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();
const OPERATOR = 7;

/** A process with `bpmn:message` root elements (name → id Msg_<name>) before it. */
const withMessages = (processId: string, body: string, ...names: string[]) =>
  definitions(processId, body).replace('<bpmn:process', `${names.map((n) => `<bpmn:message id="Msg_${n}" name="${n}"/>`).join('\n')}\n<bpmn:process`);
const catchEvent = (id: string, message: string) =>
  `<bpmn:intermediateCatchEvent id="${id}"><bpmn:messageEventDefinition messageRef="Msg_${message}"/></bpmn:intermediateCatchEvent>`;
const receiveTask = (id: string, message: string) => `<bpmn:receiveTask id="${id}" messageRef="Msg_${message}"/>`;
const messageStart = (id: string, message: string) =>
  `<bpmn:startEvent id="${id}"><bpmn:messageEventDefinition messageRef="Msg_${message}"/></bpmn:startEvent>`;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof WorkflowError ? error.code : String(error)),
  );

describe.skipIf(!reachable)('message events', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, xml: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml }));
  const startProcess = (key: string, businessKey: string, tenant?: string) =>
    database.tx(async (tx) => (await engine.start(tx, { definitionKey: key, starterId: STARTER, businessKey })).instance, tenant);
  const correlate = (input: Omit<CorrelateInput, 'userId'>, tenant?: string) =>
    database.tx((tx) => engine.correlateMessage(tx, { userId: OPERATOR, ...input }), tenant);
  const stateOf = async (id: number) => (await database.tx((tx) => engine.instance(tx, id))).state;

  it('a message catch event waits until its message is correlated by business key; the token moves on and the variables merge', async () => {
    await deploy(
      'paid',
      withMessages(
        'paid',
        [start(), catchEvent('wait', 'paymentPaid'), user('ship', '1'), end(), chain('start', 'wait', 'ship', 'end')].join('\n'),
        'paymentPaid',
      ),
    );
    const first = await startProcess('paid', 'order-1');
    const second = await startProcess('paid', 'order-2');
    expect(await openTrace(database, engine, first.id)).toEqual([]);
    expect(await correlate({ messageName: 'paymentPaid', businessKey: 'order-1', variables: { amount: 120 } })).toEqual({
      instanceId: first.id,
      started: false,
    });
    expect(await openTrace(database, engine, first.id)).toEqual(['ship:1']);
    expect(await openTrace(database, engine, second.id)).toEqual([]);
    expect(await database.tx((tx) => engine.variablesOf(tx, first.id))).toEqual({ amount: 120 });
    const history = await database.tx((tx) => engine.history(tx, first.id));
    expect(history.some((row) => row.nodeId === 'wait' && row.event === 'leave' && row.action === 'message' && row.userId === OPERATOR)).toBe(true);
  });

  it('a receive task waits for its message, correlated by instance id, and then the process ends', async () => {
    await deploy(
      'signed',
      withMessages('signed', [start(), receiveTask('contract', 'contractSigned'), end(), chain('start', 'contract', 'end')].join('\n'), 'contractSigned'),
    );
    const instance = await startProcess('signed', 'c-1');
    expect(await stateOf(instance.id)).toBe('running');
    expect(await correlate({ messageName: 'contractSigned', instanceId: instance.id })).toEqual({ instanceId: instance.id, started: false });
    expect(await stateOf(instance.id)).toBe('completed');
  });

  it('a message nobody waits for is refused as not found, and so is one for a suspended instance or another tenant', async () => {
    await deploy('held', withMessages('held', [start(), catchEvent('wait', 'held'), end(), chain('start', 'wait', 'end')].join('\n'), 'held'));
    const instance = await startProcess('held', 'h-1');
    expect(await refusal(correlate({ messageName: 'nobodyWaits' }))).toBe('workflow.messageNotFound');
    expect(await refusal(correlate({ messageName: 'held', businessKey: 'other' }))).toBe('workflow.messageNotFound');
    expect(await refusal(correlate({ messageName: 'held', instanceId: instance.id }, OTHER_TENANT))).toBe('workflow.messageNotFound');
    await database.tx((tx) => engine.suspend(tx, { instanceId: instance.id, userId: 99 }));
    expect(await refusal(correlate({ messageName: 'held', instanceId: instance.id }))).toBe('workflow.messageNotFound');
  });

  it('a message two instances wait for is refused as ambiguous and moves neither', async () => {
    await deploy(
      'twice',
      withMessages('twice', [start(), catchEvent('wait', 'twice'), user('next', '1'), end(), chain('start', 'wait', 'next', 'end')].join('\n'), 'twice'),
    );
    const first = await startProcess('twice', 'same');
    const second = await startProcess('twice', 'same');
    expect(await refusal(correlate({ messageName: 'twice', businessKey: 'same' }))).toBe('workflow.messageAmbiguous');
    expect(await openTrace(database, engine, first.id)).toEqual([]);
    expect(await openTrace(database, engine, second.id)).toEqual([]);
  });

  it('a message start event starts a process of the deployed definition that has it, with the business key and variables', async () => {
    await deploy(
      'inbound',
      withMessages('inbound', [messageStart('start', 'orderReceived'), user('check', '1'), end(), chain('start', 'check', 'end')].join('\n'), 'orderReceived'),
    );
    const result = await correlate({ messageName: 'orderReceived', businessKey: 'po-9', variables: { total: 3 } });
    expect(result.started).toBe(true);
    const instance = await database.tx((tx) => engine.instance(tx, result.instanceId));
    expect(instance.businessKey).toBe('po-9');
    expect(await openTrace(database, engine, result.instanceId)).toEqual(['check:1']);
    expect(await database.tx((tx) => engine.variablesOf(tx, result.instanceId))).toEqual({ total: 3 });
    // Not startable (the server: its template disabled), and never with an instance id.
    expect(await refusal(correlate({ messageName: 'orderReceived', startable: async () => false }))).toBe('workflow.messageNotFound');
    expect(await refusal(correlate({ messageName: 'orderReceived', instanceId: result.instanceId }))).toBe('workflow.messageNotFound');
  });

  it('lint accepts message events naming a message and refuses one without a message name, naming the element', async () => {
    const named = withMessages(
      'lintok',
      [messageStart('start', 'm'), catchEvent('wait', 'm'), receiveTask('rt', 'm'), end(), chain('start', 'wait', 'rt', 'end')].join('\n'),
      'm',
    );
    expect(await lintXml(named)).toEqual([]);
    const unnamed = definitions(
      'lintbad',
      [
        start(),
        '<bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>',
        '<bpmn:receiveTask id="rt"/>',
        end(),
        chain('start', 'wait', 'rt', 'end'),
      ].join('\n'),
    );
    expect((await lintXml(unnamed)).map((p) => `${p.elementType}:${p.elementId}:${p.code}`)).toEqual([
      'IntermediateCatchEvent:wait:messageName',
      'ReceiveTask:rt:messageName',
    ]);
  });
});
