import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, openTrace, STARTER, TestClock } from '../test/engine.ts';
import { WorkflowEngine } from './engine.ts';

/*
 * Who a node rejected back to goes to: its approver rule is resolved again, as entering it does,
 * unless the node is set to go back to the same approver. Withdraw is not a reject: it reopens for
 * the user who withdrew.
 */

/** Who holds role 10 now: the tests change it between steps, as an administrator would. */
let role10: number[] = [];
/** Standing delegations: user → deputy. */
const deputies = new Map<number, number>();
const engine = new WorkflowEngine({
  resolver: { resolve: async (_tx, rule) => (rule.values.includes('10') ? [...role10] : []) },
  delegation: { activeDelegateFor: async (_tx, userId) => deputies.get(userId) ?? null },
  clock: new TestClock().read,
});
let database: TestDatabase;
const reachable = await postgresReachable();

const ROLE = { kind: 'roleCompany', values: '10' };
const COUNTER_SIGN = 'type="parallel" completion="all"';

describe.skipIf(!reachable)('a node rejected back to', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const deploy = (key: string, ...nodes: string[]) =>
      database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, [start(), ...nodes, end()].join('\n')) }));
    await deploy('orSign', user('r', ROLE), user('b', '2'), chain('start', 'r', 'b', 'end'));
    await deploy('counter', user('a', '1'), user('cs', { ...ROLE, counterSign: COUNTER_SIGN }), user('b', '2'), chain('start', 'a', 'cs', 'b', 'end'));
    await deploy(
      'same',
      user('r', { ...ROLE, node: 'rejectedToSameApprover="true"' }),
      user('cs', { ...ROLE, counterSign: COUNTER_SIGN, node: 'rejectedToSameApprover="true"' }),
      user('b', '2'),
      chain('start', 'r', 'cs', 'b', 'end'),
    );
    await deploy(
      'designating',
      user('a', '1'),
      user('d', { values: '9', node: 'previousDesignates="true"' }),
      user('b', '3'),
      chain('start', 'a', 'd', 'b', 'end'),
    );
  });
  afterAll(async () => database?.close());

  const startProcess = async (key: string) => (await database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }))).instance.id;
  const reject = async (instanceId: number, nodeId: string, target: string) =>
    database.tx(async (tx) => {
      const task = (await engine.openTasks(tx, instanceId)).find((t) => t.nodeId === nodeId)!;
      await engine.reject(tx, { taskId: task.id, userId: task.assigneeId!, target });
    });
  const open = (instanceId: number) => openTrace(database, engine, instanceId);

  it("reject back to a node re-runs that node's approver rule", async () => {
    role10 = [11, 12];
    deputies.clear();
    const id = await startProcess('orSign');
    await approveAt(database, engine, id, 'r', 11);
    await reject(id, 'b', 'previous');
    // Every current candidate, not only 11 who approved it: one task, both its candidates.
    expect(await open(id)).toEqual(['r:11|12']);
    await approveAt(database, engine, id, 'r', 12);
    // The role's members changed: the new ones are its candidates, with 14's standing deputy.
    role10 = [13, 14];
    deputies.set(14, 7);
    await reject(id, 'b', 'r');
    expect(await open(id)).toEqual(['r:13|14|7']);
    // Nobody resolves: the reject is refused, as entering the node would be.
    await approveAt(database, engine, id, 'r', 13);
    role10 = [];
    await expect(reject(id, 'b', 'r')).rejects.toMatchObject({ code: 'workflow.noApprover' });
    expect(await open(id)).toEqual(['b:2']);
  });

  it('reject back to a counter-sign node resolves its signers again', async () => {
    role10 = [11, 12];
    deputies.clear();
    const id = await startProcess('counter');
    await approveAt(database, engine, id, 'a');
    await approveAt(database, engine, id, 'cs', 11);
    await approveAt(database, engine, id, 'cs', 12);
    role10 = [12, 13];
    await reject(id, 'b', 'cs');
    expect(await open(id)).toEqual(['cs:12', 'cs:13']);
    // It starts over: both sign again before it passes.
    await approveAt(database, engine, id, 'cs', 12);
    expect(await open(id)).toEqual(['cs:13']);
    // Its previous node is still the one before it, not the node that rejected back to it.
    await reject(id, 'cs', 'previous');
    expect(await open(id)).toEqual(['a:1']);
  });

  it('the same-approver setting reopens for who completed it', async () => {
    role10 = [11, 12];
    deputies.clear();
    const id = await startProcess('same');
    await approveAt(database, engine, id, 'r', 12);
    await approveAt(database, engine, id, 'cs', 11);
    await approveAt(database, engine, id, 'cs', 12);
    role10 = [13];
    await reject(id, 'b', 'cs');
    // A counter-sign: those who signed its last round, not the role's members now.
    expect(await open(id)).toEqual(['cs:11', 'cs:12']);
    await approveAt(database, engine, id, 'cs', 11);
    await reject(id, 'cs', 'r');
    expect(await open(id)).toEqual(['r:12']);
  });

  it('a node whose approver the previous node designates goes back to those designated', async () => {
    const id = await startProcess('designating');
    await database.tx(async (tx) => {
      const [task] = await engine.openTasks(tx, id);
      await engine.approve(tx, { taskId: task.id, userId: 1, designated: { d: [5, 6] } });
    });
    await approveAt(database, engine, id, 'd', 5);
    await reject(id, 'b', 'previous');
    expect(await open(id)).toEqual(['d:5|6']);
  });

  it('withdraw still reopens for who withdrew', async () => {
    role10 = [11, 12];
    deputies.clear();
    const id = await startProcess('orSign');
    await approveAt(database, engine, id, 'r', 11);
    await reject(id, 'b', 'r');
    await approveAt(database, engine, id, 'r', 12);
    await database.tx((tx) => engine.withdraw(tx, { instanceId: id, userId: 12 }));
    expect(await open(id)).toEqual(['r:12']);
  });
});
