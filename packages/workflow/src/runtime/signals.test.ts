import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowError } from '../errors.ts';
import { wfInstances, wfTasks } from '../tables.ts';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { OTHER_TENANT, openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, openTrace, STARTER, TestClock, testResolver } from '../test/engine.ts';
import { lintXml, WorkflowEngine } from './engine.ts';
import type { SignalInput } from './signals.ts';

/** The server answers from its templates: here a definition whose key starts with `off` is disabled. */
const engine = new WorkflowEngine({ resolver: testResolver, clock: new TestClock().read, startable: async (_tx, key) => !key.startsWith('off') });
let database: TestDatabase;
const reachable = await postgresReachable();
const OPERATOR = 7;

/** A process with `bpmn:signal` root elements (name → id Sig_<name>) before it. */
const withSignals = (processId: string, body: string, ...names: string[]) =>
  definitions(processId, body).replace('<bpmn:process', `${names.map((n) => `<bpmn:signal id="Sig_${n}" name="${n}"/>`).join('\n')}\n<bpmn:process`);
const signalDefinition = (signal: string) => `<bpmn:signalEventDefinition signalRef="Sig_${signal}"/>`;
const signalCatch = (id: string, signal: string) => `<bpmn:intermediateCatchEvent id="${id}">${signalDefinition(signal)}</bpmn:intermediateCatchEvent>`;
const signalThrow = (id: string, signal: string) => `<bpmn:intermediateThrowEvent id="${id}">${signalDefinition(signal)}</bpmn:intermediateThrowEvent>`;
const signalEnd = (id: string, signal: string) => `<bpmn:endEvent id="${id}">${signalDefinition(signal)}</bpmn:endEvent>`;
const signalStart = (id: string, signal: string) => `<bpmn:startEvent id="${id}">${signalDefinition(signal)}</bpmn:startEvent>`;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof WorkflowError ? error.code : String(error)),
  );

describe.skipIf(!reachable)('signal events', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, xml: string, tenant?: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml }), tenant);
  const startProcess = async (key: string, tenant?: string) =>
    (await database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }), tenant)).instance;
  const signal = (input: Omit<SignalInput, 'userId'>, tenant?: string) => database.tx((tx) => engine.throwSignal(tx, { userId: OPERATOR, ...input }), tenant);
  const trace = (id: number, tenant?: string) => database.tx(async (tx) => (await engine.openTasks(tx, id)).map((t) => `${t.nodeId}:${t.assigneeId}`), tenant);
  /** Catches `name`, then the task `next` for user 1. */
  const waiting = (key: string, name: string, ...tenants: (string | undefined)[]) =>
    Promise.all(
      (tenants.length ? tenants : [undefined]).map((tenant) =>
        deploy(
          key,
          withSignals(key, [start(), signalCatch('wait', name), user('next', '1'), end(), chain('start', 'wait', 'next', 'end')].join('\n'), name),
          tenant,
        ),
      ),
    );

  it('a thrown signal moves on every instance of the tenant waiting for it, merges its variables and writes a history row for each; other signals and tenants are left waiting', async () => {
    await waiting('budget', 'budgetApproved', undefined, OTHER_TENANT);
    await waiting('other', 'somethingElse');
    const first = await startProcess('budget');
    const second = await startProcess('budget');
    const unrelated = await startProcess('other');
    const foreign = await startProcess('budget', OTHER_TENANT);
    expect(await signal({ signalName: 'budgetApproved', variables: { budget: 5000 } })).toEqual({ moved: 2, started: 0 });
    for (const instance of [first, second]) {
      expect(await openTrace(database, engine, instance.id)).toEqual(['next:1']);
      expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual({ budget: 5000 });
      const history = await database.tx((tx) => engine.history(tx, instance.id));
      expect(history.filter((h) => h.action === 'signal').map((h) => [h.nodeId, h.event, h.comment, h.userId])).toEqual([
        ['wait', 'leave', 'budgetApproved', OPERATOR],
      ]);
    }
    expect(await openTrace(database, engine, unrelated.id)).toEqual([]);
    expect(await trace(foreign.id, OTHER_TENANT)).toEqual([]);
    // Thrown again, nothing waits any more: no error, nothing moved.
    expect(await signal({ signalName: 'budgetApproved' })).toEqual({ moved: 0, started: 0 });
  });

  it('a suspended instance does not catch a signal', async () => {
    await waiting('held', 'heldSignal');
    const instance = await startProcess('held');
    await database.tx((tx) => engine.suspend(tx, { instanceId: instance.id, userId: 99 }));
    expect(await signal({ signalName: 'heldSignal' })).toEqual({ moved: 0, started: 0 });
  });

  it('a signal throw event and a signal end event move the waiting instances on in the transaction of the approval that reaches them', async () => {
    await waiting('listener', 'contractSigned');
    await deploy(
      'signer',
      withSignals(
        'signer',
        [
          start(),
          user('sign', '2'),
          signalThrow('announce', 'contractSigned'),
          user('archive', '3'),
          end(),
          chain('start', 'sign', 'announce', 'archive', 'end'),
        ].join('\n'),
        'contractSigned',
      ),
    );
    await deploy(
      'closer',
      withSignals(
        'closer',
        [start(), user('close', '2'), signalEnd('closed', 'contractSigned'), chain('start', 'close', 'closed')].join('\n'),
        'contractSigned',
      ),
    );
    const listener = await startProcess('listener');
    const signer = await startProcess('signer');
    await approveAt(database, engine, signer.id, 'sign');
    expect(await openTrace(database, engine, signer.id)).toEqual(['archive:3']);
    expect(await openTrace(database, engine, listener.id)).toEqual(['next:1']);
    const signerHistory = await database.tx((tx) => engine.history(tx, signer.id));
    expect(signerHistory.some((h) => h.nodeId === 'announce' && h.event === 'leave')).toBe(true);

    const second = await startProcess('listener');
    const closer = await startProcess('closer');
    await approveAt(database, engine, closer.id, 'close');
    expect((await database.tx((tx) => engine.instance(tx, closer.id))).state).toBe('completed');
    expect(await openTrace(database, engine, second.id)).toEqual(['next:1']);
    const history = await database.tx((tx) => engine.history(tx, second.id));
    // The approver whose approval threw the signal is the actor of the move.
    expect(history.find((h) => h.action === 'signal')?.userId).toBe(2);
  });

  it('a signal thrown in one branch moves on the other branch of the same instance waiting for it', async () => {
    const body = [
      start(),
      '<bpmn:parallelGateway id="split"/>',
      user('approve', '2'),
      signalThrow('announce', 'branchDone'),
      signalCatch('hear', 'branchDone'),
      user('follow', '3'),
      '<bpmn:parallelGateway id="join"/>',
      end(),
      chain('start', 'split', 'approve', 'announce', 'join', 'end'),
      chain('split', 'hear', 'follow', 'join'),
    ].join('\n');
    await deploy('branches', withSignals('branches', body, 'branchDone'));
    const instance = await startProcess('branches');
    expect(await openTrace(database, engine, instance.id)).toEqual(['approve:2']);
    await approveAt(database, engine, instance.id, 'approve');
    expect(await openTrace(database, engine, instance.id)).toEqual(['follow:3']);
    await approveAt(database, engine, instance.id, 'follow');
    expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('completed');
  });

  it('a signal start event starts the newest version of each enabled definition that has it, the thrower as initiator', async () => {
    const onSignal = (key: string, approver: string) =>
      deploy(
        key,
        withSignals(
          key,
          [signalStart('start', 'quarterClosed'), user('compile', approver), end(), chain('start', 'compile', 'end')].join('\n'),
          'quarterClosed',
        ),
      );
    await onSignal('quarterly', '1');
    const newest = await onSignal('quarterly', '4');
    await onSignal('audit', '5');
    await onSignal('offDisabled', '6');
    expect(await signal({ signalName: 'quarterClosed', variables: { quarter: 3 } })).toEqual({ moved: 0, started: 2 });
    const started = await database.tx((tx) => tx.select().from(wfInstances).where(eq(wfInstances.starterId, OPERATOR)).orderBy(wfInstances.id));
    expect(started.filter((i) => i.definitionId === newest.id)).toHaveLength(1);
    const tasks = await database.tx((tx) =>
      tx
        .select({ nodeId: wfTasks.nodeId, assigneeId: wfTasks.assigneeId })
        .from(wfTasks)
        .where(and(eq(wfTasks.state, 'open'), eq(wfTasks.nodeId, 'compile'))),
    );
    expect(tasks.map((t) => t.assigneeId).sort()).toEqual([4, 5]);
    expect(await database.tx((tx) => engine.variablesOf(tx, started[0].id))).toEqual({ quarter: 3 });
  });

  it('an interrupting signal boundary event cancels the task and takes its own path', async () => {
    await deploy(
      'recallable',
      withSignals(
        'recallable',
        [
          start(),
          user('review', '1'),
          `<bpmn:boundaryEvent id="recalled" attachedToRef="review">${signalDefinition('recall')}</bpmn:boundaryEvent>`,
          user('cleanup', '2'),
          end(),
          end('end2'),
          chain('start', 'review', 'end'),
          chain('recalled', 'cleanup', 'end2'),
        ].join('\n'),
        'recall',
      ),
    );
    const instance = await startProcess('recallable');
    expect(await signal({ signalName: 'recall' })).toEqual({ moved: 1, started: 0 });
    expect(await openTrace(database, engine, instance.id)).toEqual(['cleanup:2']);
    const review = await database.tx((tx) =>
      tx
        .select()
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, instance.id), eq(wfTasks.nodeId, 'review'))),
    );
    expect(review.map((t) => `${t.state}:${t.action}`)).toEqual(['cancelled:signal']);
  });

  it('a non-interrupting signal boundary event adds a branch and leaves the task open', async () => {
    await deploy(
      'noted',
      withSignals(
        'noted',
        [
          start(),
          user('review', '1'),
          `<bpmn:boundaryEvent id="heads" attachedToRef="review" cancelActivity="false">${signalDefinition('headsUp')}</bpmn:boundaryEvent>`,
          user('prepare', '2'),
          end(),
          end('end2'),
          chain('start', 'review', 'end'),
          chain('heads', 'prepare', 'end2'),
        ].join('\n'),
        'headsUp',
      ),
    );
    const instance = await startProcess('noted');
    expect(await signal({ signalName: 'headsUp' })).toEqual({ moved: 1, started: 0 });
    expect((await openTrace(database, engine, instance.id)).sort()).toEqual(['prepare:2', 'review:1']);
  });

  it('a signal that keeps starting the process that throws it is refused as a loop, and nothing of it stays', async () => {
    await deploy(
      'echo',
      withSignals('echo', [signalStart('start', 'ping'), signalThrow('again', 'ping'), end(), chain('start', 'again', 'end')].join('\n'), 'ping'),
    );
    const before = await database.tx((tx) => tx.select().from(wfInstances));
    expect(await refusal(signal({ signalName: 'ping' }))).toBe('workflow.signalLoop');
    expect(await database.tx((tx) => tx.select().from(wfInstances))).toHaveLength(before.length);
  });

  it('signals thrown at once in two transactions both go through when they move the same instances', async () => {
    const key = 'both';
    const body = [
      start(),
      '<bpmn:parallelGateway id="split"/>',
      signalCatch('x', 'sigX'),
      signalCatch('y', 'sigY'),
      '<bpmn:parallelGateway id="join"/>',
      user('next', '1'),
      end(),
      chain('start', 'split', 'x', 'join', 'next', 'end'),
      chain('split', 'y', 'join'),
    ].join('\n');
    await deploy(key, withSignals(key, body, 'sigX', 'sigY'));
    const instances = [await startProcess(key), await startProcess(key), await startProcess(key)];
    const results = await Promise.all([signal({ signalName: 'sigX' }), signal({ signalName: 'sigY' })]);
    expect(results).toEqual([
      { moved: 3, started: 0 },
      { moved: 3, started: 0 },
    ]);
    for (const instance of instances) expect(await openTrace(database, engine, instance.id)).toEqual(['next:1']);
  });

  it('lint accepts signal events naming a signal and refuses one without a named bpmn:signal, naming the element', async () => {
    const named = withSignals(
      'lintok',
      [
        signalStart('start', 's'),
        signalCatch('wait', 's'),
        signalThrow('tell', 's'),
        user('a', '1'),
        `<bpmn:boundaryEvent id="b" attachedToRef="a">${signalDefinition('s')}</bpmn:boundaryEvent>`,
        signalEnd('end', 's'),
        end('end2'),
        chain('start', 'wait', 'tell', 'a', 'end'),
        chain('b', 'end2'),
      ].join('\n'),
      's',
    );
    expect(await lintXml(named)).toEqual([]);
    const unnamed = definitions(
      'lintbad',
      [
        start(),
        '<bpmn:intermediateCatchEvent id="wait"><bpmn:signalEventDefinition/></bpmn:intermediateCatchEvent>',
        '<bpmn:intermediateThrowEvent id="tell"><bpmn:signalEventDefinition signalRef="Sig_blank"/></bpmn:intermediateThrowEvent>',
        '<bpmn:endEvent id="end"><bpmn:signalEventDefinition/></bpmn:endEvent>',
        chain('start', 'wait', 'tell', 'end'),
      ].join('\n'),
    ).replace('<bpmn:process', '<bpmn:signal id="Sig_blank" name=" "/>\n<bpmn:process');
    expect((await lintXml(unnamed)).map((p) => `${p.elementType}:${p.elementId}:${p.code}`)).toEqual([
      'IntermediateCatchEvent:wait:signalName',
      'IntermediateThrowEvent:tell:signalName',
      'EndEvent:end:signalName',
    ]);
  });
});
