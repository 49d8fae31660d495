import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER } from '../test/engine.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

/** start → x → fork → (a1 → a2 | b) → join → c → end */
const PARALLEL = [
  start(),
  user('x', '9'),
  gateway('parallel', 'fork'),
  user('a1', '1'),
  user('a2', '2'),
  user('b', '3'),
  gateway('parallel', 'join'),
  user('c', '4'),
  end(),
  chain('start', 'x', 'fork'),
  flow('f_a', 'fork', 'a1'),
  flow('f_b', 'fork', 'b'),
  chain('a1', 'a2'),
  flow('a_join', 'a2', 'join'),
  flow('b_join', 'b', 'join'),
  chain('join', 'c', 'end'),
].join('\n');

describe.skipIf(!reachable)('reject and withdraw', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const deploy = (key: string, body: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body) }));
    await deploy('linear', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n'));
    await deploy('parallel', PARALLEL);
    // c may only go back to b; d may not be rejected at all.
    await deploy(
      'rules',
      [
        start(),
        user('a', '1'),
        user('b', '2'),
        user('c', { values: '3', inner: '<macro:reject mode="previous"/>' }),
        user('d', { values: '4', inner: '<macro:reject mode="none"/>' }),
        end(),
        chain('start', 'a', 'b', 'c', 'd', 'end'),
      ].join('\n'),
    );
    await deploy(
      'withSub',
      [
        start(),
        user('x', '9'),
        `<bpmn:subProcess id="sub">${start('s1')}${user('in1', '1')}${user('in2', '2')}${end('e1')}${chain('s1', 'in1', 'in2', 'e1')}</bpmn:subProcess>`,
        user('after', '3'),
        end(),
        chain('start', 'x', 'sub', 'after', 'end'),
      ].join('\n'),
    );
    await deploy(
      'counter',
      [start(), user('a', '1'), user('cs', { values: '5,6,7', counterSign: 'type="parallel" completion="all"' }), end(), chain('start', 'a', 'cs', 'end')].join(
        '\n',
      ),
    );
  });
  afterAll(async () => database?.close());

  const startProcess = (key: string) => database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }));
  const taskAt = async (instanceId: number, nodeId: string) => (await database.tx((tx) => engine.openTasks(tx, instanceId))).find((t) => t.nodeId === nodeId)!;
  const reject = async (instanceId: number, nodeId: string, target: string) => {
    const task = await taskAt(instanceId, nodeId);
    return database.tx((tx) => engine.reject(tx, { taskId: task.id, userId: task.assigneeId!, target, comment: 'no' }));
  };
  const waitingAt = (instanceId: number) => database.tx(async (tx) => (await engine.diagram(tx, instanceId)).current.filter((n) => n === 'join'));

  it('rejects to the previous node, which reopens for who completed it', async () => {
    const { instance } = await startProcess('linear');
    await approveAt(database, engine, instance.id, 'a');
    await reject(instance.id, 'b', 'previous');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.filter((h) => h.action === 'reject').map((h) => `${h.nodeId}:${h.userId}:${h.comment}`)).toEqual(['b:2:no']);
    // The diagram paints b as rejected, not done, and a (reopened) as current, not done.
    const diagram = await database.tx((tx) => engine.diagram(tx, instance.id));
    expect({ done: diagram.done, rejected: diagram.rejected, current: diagram.current }).toEqual({ done: ['start'], rejected: ['b'], current: ['a'] });
    // Approved again, a is done and b current; b's earlier rejection no longer shows.
    await approveAt(database, engine, instance.id, 'a');
    const again = await database.tx((tx) => engine.diagram(tx, instance.id));
    expect({ done: again.done.sort(), rejected: again.rejected, current: again.current }).toEqual({ done: ['a', 'start'], rejected: [], current: ['b'] });
  });

  it('rejects to the start node; the initiator reinitiates', async () => {
    const { instance } = await startProcess('linear');
    await reject(instance.id, 'a', 'start');
    expect(await openTrace(database, engine, instance.id)).toEqual([`start:${STARTER}`]);
    await approveAt(database, engine, instance.id, 'start');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.some((h) => h.action === 'reinitiate' && h.userId === STARTER)).toBe(true);
  });

  it('refuses a target that is not an earlier completed node', async () => {
    const { instance } = await startProcess('linear');
    await expect(reject(instance.id, 'a', 'b')).rejects.toMatchObject({ code: 'workflow.badRejectTarget' });
    await expect(reject(instance.id, 'a', '')).rejects.toMatchObject({ code: 'workflow.rejectNeedsNode' });
  });

  it('rejects inside one parallel branch: the other branch’s token at the join is kept', async () => {
    const { instance } = await startProcess('parallel');
    await approveAt(database, engine, instance.id, 'x');
    await approveAt(database, engine, instance.id, 'b');
    await approveAt(database, engine, instance.id, 'a1');
    await reject(instance.id, 'a2', 'a1');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a1:1']);
    expect(await waitingAt(instance.id)).toEqual(['join']);
    await approveAt(database, engine, instance.id, 'a1');
    await approveAt(database, engine, instance.id, 'a2');
    expect(await openTrace(database, engine, instance.id)).toEqual(['c:4']);
  });

  it('rejects from inside a branch to before the split: every token of the fork goes, one token at the target', async () => {
    const { instance } = await startProcess('parallel');
    await approveAt(database, engine, instance.id, 'x');
    await approveAt(database, engine, instance.id, 'b');
    await reject(instance.id, 'a1', 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['x:9']);
    expect(await waitingAt(instance.id)).toEqual([]);
    await approveAt(database, engine, instance.id, 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a1:1', 'b:3']);
  });

  it('refuses a reject from after the join into one branch; before the fork is allowed', async () => {
    const { instance } = await startProcess('parallel');
    for (const node of ['x', 'a1', 'a2', 'b']) await approveAt(database, engine, instance.id, node);
    expect(await openTrace(database, engine, instance.id)).toEqual(['c:4']);
    await expect(reject(instance.id, 'c', 'a2')).rejects.toMatchObject({ code: 'workflow.badRejectTarget' });
    await reject(instance.id, 'c', 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['x:9']);
  });

  it('a reject from a counter-sign task cancels the whole counter-sign node', async () => {
    const { instance } = await startProcess('counter');
    await approveAt(database, engine, instance.id, 'a');
    expect(await openTrace(database, engine, instance.id)).toEqual(['cs:5', 'cs:6', 'cs:7']);
    await approveAt(database, engine, instance.id, 'cs', 5);
    await reject(instance.id, 'cs', 'previous');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
  });

  it('rejecting out of an embedded sub-process ends that scope; rejecting within it stays inside', async () => {
    const { instance } = await startProcess('withSub');
    await approveAt(database, engine, instance.id, 'x');
    await approveAt(database, engine, instance.id, 'in1');
    await reject(instance.id, 'in2', 'in1');
    expect(await openTrace(database, engine, instance.id)).toEqual(['in1:1']);
    await approveAt(database, engine, instance.id, 'in1');
    await reject(instance.id, 'in2', 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['x:9']);
    expect(await database.tx(async (tx) => (await engine.diagram(tx, instance.id)).current)).toEqual(['x']);
    // Entering it again makes a fresh scope.
    await approveAt(database, engine, instance.id, 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['in1:1']);
    await approveAt(database, engine, instance.id, 'in1');
    await approveAt(database, engine, instance.id, 'in2');
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:3']);
  });

  it('rejecting into an embedded sub-process from after it makes a fresh scope', async () => {
    const { instance } = await startProcess('withSub');
    for (const node of ['x', 'in1', 'in2']) await approveAt(database, engine, instance.id, node);
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:3']);
    await reject(instance.id, 'after', 'in2');
    expect(await openTrace(database, engine, instance.id)).toEqual(['in2:2']);
    expect(await database.tx(async (tx) => (await engine.diagram(tx, instance.id)).current.sort())).toEqual(['in2', 'sub']);
    await approveAt(database, engine, instance.id, 'in2');
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:3']);
  });

  it('refuses a withdraw inside a sub-process', async () => {
    const { instance } = await startProcess('withSub');
    await approveAt(database, engine, instance.id, 'x');
    await approveAt(database, engine, instance.id, 'in1');
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 1 }))).rejects.toMatchObject({
      code: 'workflow.withdrawSubProcess',
    });
  });

  it('keeps a node\'s reject rule: "previous only" refuses an earlier node and takes the previous; "none" refuses any', async () => {
    const { instance } = await startProcess('rules');
    await approveAt(database, engine, instance.id, 'a');
    await approveAt(database, engine, instance.id, 'b');
    await expect(reject(instance.id, 'c', 'a')).rejects.toMatchObject({ code: 'workflow.rejectPreviousOnly' });
    expect(await openTrace(database, engine, instance.id)).toEqual(['c:3']);
    await reject(instance.id, 'c', 'b');
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    await approveAt(database, engine, instance.id, 'b');
    await approveAt(database, engine, instance.id, 'c');
    for (const target of ['previous', 'c', 'start']) {
      await expect(reject(instance.id, 'd', target)).rejects.toMatchObject({ code: 'workflow.rejectNotAllowed' });
    }
    expect(await openTrace(database, engine, instance.id)).toEqual(['d:4']);
  });

  it("withdraws only one's own completion: another user has nothing to withdraw", async () => {
    const { instance } = await startProcess('linear');
    await approveAt(database, engine, instance.id, 'a');
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 2 }))).rejects.toMatchObject({
      code: 'workflow.nothingToWithdraw',
    });
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('withdraws one’s completion while the next task is untouched', async () => {
    const { instance } = await startProcess('linear');
    await approveAt(database, engine, instance.id, 'a');
    await database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 1 }));
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    await approveAt(database, engine, instance.id, 'a');
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('refuses a withdraw once the next approver opened or completed the task', async () => {
    const { instance } = await startProcess('linear');
    await approveAt(database, engine, instance.id, 'a');
    const next = await taskAt(instance.id, 'b');
    await database.tx((tx) => engine.touch(tx, { taskId: next.id, userId: 2 }));
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 1 }))).rejects.toMatchObject({
      code: 'workflow.withdrawTouched',
    });
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
  });

  it('withdrawing the start node needs the second confirmation', async () => {
    const { instance } = await startProcess('linear');
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: STARTER }))).rejects.toMatchObject({
      code: 'workflow.withdrawStartConfirm',
    });
    await database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: STARTER, confirmStart: true }));
    expect(await openTrace(database, engine, instance.id)).toEqual([`start:${STARTER}`]);
  });

  it('withdraws a completion whose token waits at a join that has not fired', async () => {
    const { instance } = await startProcess('parallel');
    await approveAt(database, engine, instance.id, 'x');
    await approveAt(database, engine, instance.id, 'b');
    expect(await waitingAt(instance.id)).toEqual(['join']);
    await database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 3 }));
    expect(await waitingAt(instance.id)).toEqual([]);
    expect(await openTrace(database, engine, instance.id)).toEqual(['a1:1', 'b:3']);
  });

  it('refuses to withdraw a completion that fired a join with another branch’s token', async () => {
    const { instance } = await startProcess('parallel');
    for (const node of ['x', 'b', 'a1', 'a2']) await approveAt(database, engine, instance.id, node);
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 2 }))).rejects.toMatchObject({
      code: 'workflow.withdrawTooLate',
    });
    // b's parked token went into the join too: b cannot be withdrawn either.
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 3 }))).rejects.toMatchObject({
      code: 'workflow.withdrawTooLate',
    });
  });

  it('refuses to withdraw a counter-sign completion', async () => {
    const { instance } = await startProcess('counter');
    await approveAt(database, engine, instance.id, 'a');
    await approveAt(database, engine, instance.id, 'cs', 5);
    await expect(database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 5 }))).rejects.toMatchObject({
      code: 'workflow.withdrawCounterSign',
    });
  });
});
