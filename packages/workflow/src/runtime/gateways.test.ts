import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER } from '../test/engine.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('engine semantics', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, body: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body) }));
  const startProcess = (key: string, variables: Record<string, unknown> = {}) =>
    database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, variables }));

  it('runs a linear approval to the end, with history of who did what', async () => {
    await deploy('linear', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n'));
    const { instance } = await startProcess('linear');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
    await approveAt(database, engine, instance.id, 'a');
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    await approveAt(database, engine, instance.id, 'b');
    expect(await openTrace(database, engine, instance.id)).toEqual([]);
    const done = await database.tx((tx) => engine.instance(tx, instance.id));
    expect(done.state).toBe('completed');
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    const leaves = history.filter((h) => h.event === 'leave').map((h) => `${h.nodeId}:${h.action ?? ''}:${h.userId}`);
    expect(leaves).toEqual([`start:start:${STARTER}`, 'a:approve:1', 'b:approve:2', 'end::2']);
    const diagram = await database.tx((tx) => engine.diagram(tx, instance.id));
    expect(diagram.flows).toEqual(['f_start_a', 'f_a_b', 'f_b_end']);
  });

  it('deploys new versions under one key', async () => {
    const body = [start(), user('a', '1'), end(), chain('start', 'a', 'end')].join('\n');
    const v1 = await deploy('versioned', body);
    const v2 = await deploy('versioned', body);
    expect([v1.version, v2.version]).toEqual([1, 2]);
  });

  it('exclusive gateway: first true flow in document order, else default, else refuses', async () => {
    await deploy(
      'exclusive',
      [
        start(),
        gateway('exclusive', 'x', 'toDefault'),
        user('big', '1'),
        user('bigger', '2'),
        user('small', '3'),
        end(),
        flow('s_x', 'start', 'x'),
        flow('toBig', 'x', 'big', 'amount > 100'),
        flow('toBigger', 'x', 'bigger', 'amount > 1000'),
        flow('toDefault', 'x', 'small'),
        chain('big', 'end'),
        flow('f2', 'bigger', 'end'),
        flow('f3', 'small', 'end'),
      ].join('\n'),
    );
    const first = await startProcess('exclusive', { amount: 5000 });
    expect(await openTrace(database, engine, first.instance.id)).toEqual(['big:1']);
    const fallback = await startProcess('exclusive', { amount: 5 });
    expect(await openTrace(database, engine, fallback.instance.id)).toEqual(['small:3']);

    await deploy(
      'exclusiveNoDefault',
      [start(), gateway('exclusive', 'x'), user('a', '1'), end(), flow('s_x', 'start', 'x'), flow('x_a', 'x', 'a', 'amount > 100'), chain('a', 'end')].join(
        '\n',
      ),
    );
    await expect(startProcess('exclusiveNoDefault', { amount: 1 })).rejects.toMatchObject({ code: 'workflow.noFlow' });
  });

  it('parallel gateway: both branches, the join waits for both', async () => {
    await deploy(
      'parallel',
      [
        start(),
        gateway('parallel', 'fork'),
        user('a', '1'),
        user('b', '2'),
        gateway('parallel', 'join'),
        user('c', '3'),
        end(),
        chain('start', 'fork'),
        flow('fa', 'fork', 'a'),
        flow('fb', 'fork', 'b'),
        flow('aj', 'a', 'join'),
        flow('bj', 'b', 'join'),
        chain('join', 'c', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('parallel');
    expect(await openTrace(database, engine, instance.id)).toEqual(['a:1', 'b:2']);
    await approveAt(database, engine, instance.id, 'a');
    expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    await approveAt(database, engine, instance.id, 'b');
    expect(await openTrace(database, engine, instance.id)).toEqual(['c:3']);
  });

  it('inclusive gateway: every true flow, the join fires only when nothing upstream can reach it', async () => {
    await deploy(
      'inclusive',
      [
        start(),
        gateway('inclusive', 'fork', 'toC'),
        user('a', '1'),
        user('a2', '4'),
        user('b', '2'),
        user('c', '3'),
        gateway('inclusive', 'join'),
        user('d', '5'),
        end(),
        chain('start', 'fork'),
        flow('toA', 'fork', 'a', 'amount > 10'),
        flow('toB', 'fork', 'b', 'urgent = true'),
        flow('toC', 'fork', 'c'),
        chain('a', 'a2'),
        flow('a2j', 'a2', 'join'),
        flow('bj', 'b', 'join'),
        flow('cj', 'c', 'join'),
        chain('join', 'd', 'end'),
      ].join('\n'),
    );
    const both = await startProcess('inclusive', { amount: 50, urgent: true });
    expect(await openTrace(database, engine, both.instance.id)).toEqual(['a:1', 'b:2']);
    await approveAt(database, engine, both.instance.id, 'b');
    // b's token waits at the join: a's branch can still reach it (two steps away).
    expect(await openTrace(database, engine, both.instance.id)).toEqual(['a:1']);
    await approveAt(database, engine, both.instance.id, 'a');
    expect(await openTrace(database, engine, both.instance.id)).toEqual(['a2:4']);
    await approveAt(database, engine, both.instance.id, 'a2');
    expect(await openTrace(database, engine, both.instance.id)).toEqual(['d:5']);

    const none = await startProcess('inclusive', { amount: 1, urgent: false });
    expect(await openTrace(database, engine, none.instance.id)).toEqual(['c:3']);
    await approveAt(database, engine, none.instance.id, 'c');
    expect(await openTrace(database, engine, none.instance.id)).toEqual(['d:5']);
  });

  it('refuses a start whose first node resolves to nobody, and writes nothing', async () => {
    await deploy('nobody', [start(), user('a', { kind: 'post', values: 'empty' }), end(), chain('start', 'a', 'end')].join('\n'));
    await expect(startProcess('nobody')).rejects.toMatchObject({ code: 'workflow.noApprover' });
  });

  it('resolves roles, posts, the superior, form fields and a node approver', async () => {
    await deploy(
      'resolvers',
      [
        start(),
        user('byRole', { kind: 'roleDept', values: '10' }),
        user('byPost', { kind: 'post', values: '20' }),
        user('bySuperior', { kind: 'superior' }),
        user('byField', { kind: 'formField', values: 'reviewer' }),
        user('again', { kind: 'nodeApprover', values: 'byPost' }),
        end(),
        chain('start', 'byRole', 'byPost', 'bySuperior', 'byField', 'again', 'end'),
      ].join('\n'),
    );
    const { instance } = await startProcess('resolvers', { reviewer: 42 });
    expect(await openTrace(database, engine, instance.id)).toEqual(['byRole:11|12']);
    await approveAt(database, engine, instance.id, 'byRole', 12);
    // An or-sign: one approval by any candidate completes the node's one task.
    expect(await openTrace(database, engine, instance.id)).toEqual(['byPost:21']);
    await approveAt(database, engine, instance.id, 'byPost');
    expect(await openTrace(database, engine, instance.id)).toEqual([`bySuperior:${STARTER + 1}`]);
    await approveAt(database, engine, instance.id, 'bySuperior');
    expect(await openTrace(database, engine, instance.id)).toEqual(['byField:42']);
    await approveAt(database, engine, instance.id, 'byField');
    expect(await openTrace(database, engine, instance.id)).toEqual(['again:21']);
  });
});
