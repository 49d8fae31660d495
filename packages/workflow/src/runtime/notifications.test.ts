import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { eq } from 'drizzle-orm';
import { wfCarbonCopies } from '../tables.ts';
import { lintXml } from './engine.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, openTaskAt, STARTER, TestClock, testResolver } from '../test/engine.ts';
import { WorkflowEngine } from './engine.ts';
import type { WorkflowEvent } from './ports.ts';

const clock = new TestClock();
const heard: WorkflowEvent[] = [];
const engine = new WorkflowEngine({
  resolver: testResolver,
  clock: clock.read,
  notifications: {
    async notify(_tx, event) {
      heard.push(event);
    },
  },
});
let database: TestDatabase;
const reachable = await postgresReachable();

/** What was heard, in a line each: kind, for whom, and the detail a message would carry. */
const told = () =>
  heard.map((e) => {
    switch (e.kind) {
      case 'taskArrived':
        return `arrived ${e.nodeName} via ${e.via} → ${e.userIds.join(',')}`;
      case 'overdue':
        return `overdue ${e.nodeName} → ${e.userIds.join(',')}`;
      case 'rejected':
        return `rejected at ${e.nodeName} to ${e.targetName}: ${e.comment} (by ${e.actorId})`;
      case 'withdrawn':
        return `withdrawn ${e.nodeName} → ${e.userIds.join(',')}`;
      case 'carbonCopy':
        return `cc → ${e.userIds.join(',')}`;
      case 'ended':
        return `ended ${e.outcome}`;
      default:
        return 'unknown';
    }
  });

describe.skipIf(!reachable)('notifications: what the engine tells the server people should hear of', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const body = [
      start(),
      user('a', '1'),
      // An or-sign node of two candidates, with a due time of a day.
      user('b', { values: '2,3', node: 'dueIn="P1D"' }),
      end(),
      chain('start', 'a', 'b', 'end'),
    ];
    await database.tx((tx) => engine.deploy(tx, { key: 'told', name: 'told', xml: definitions('told', body.join('\n')) }));
  });
  afterAll(async () => database?.close());

  const startProcess = async () => {
    heard.length = 0;
    return (await database.tx((tx) => engine.start(tx, { definitionKey: 'told', starterId: STARTER, title: 'Leave for Li' }))).instance;
  };

  it('arrivals (held and or-sign), a rejection with its reason, the ending — each with the title and starter', async () => {
    const instance = await startProcess();
    await approveAt(database, engine, instance.id, 'a', 1);
    await database.tx(async (tx) => {
      const task = await openTaskAt(tx, engine, instance.id, 'b');
      await engine.reject(tx, { taskId: task.id, userId: 2, target: 'a', comment: 'too long' });
    });
    await approveAt(database, engine, instance.id, 'a', 1);
    await approveAt(database, engine, instance.id, 'b', 3);
    expect(told()).toEqual([
      'arrived a via flow → 1',
      'arrived b via flow → 2,3',
      'rejected at b to a: too long (by 2)',
      'arrived a via flow → 1',
      'arrived b via flow → 2,3',
      'ended completed',
    ]);
    expect(heard.every((e) => e.instanceId === instance.id && e.title === 'Leave for Li' && e.starterId === STARTER)).toBe(true);
  });

  it('a transfer, a carbon copy, a withdrawal and an overdue task reach the people they concern', async () => {
    const instance = await startProcess();
    await database.tx(async (tx) => {
      const task = await openTaskAt(tx, engine, instance.id, 'a');
      await engine.transfer(tx, { taskId: task.id, userId: 1, toUserId: 7, comment: '' });
      await engine.carbonCopy(tx, { instanceId: instance.id, fromUserId: 7, userIds: [8, 9, 8] });
    });
    await approveAt(database, engine, instance.id, 'a', 7);
    await database.tx((tx) => engine.withdraw(tx, { instanceId: instance.id, userId: 7 }));
    await approveAt(database, engine, instance.id, 'a', 7);
    clock.advance(25 * 3600_000);
    await engine.runDueJobs(database.db);
    expect(told()).toEqual([
      'arrived a via flow → 1',
      'arrived a via transfer → 7',
      'cc → 8,9',
      'arrived b via flow → 2,3',
      'withdrawn a → 2,3',
      'arrived b via flow → 2,3',
      'overdue b → 2,3',
    ]);
  });

  it('a carbon-copy node (a send task) copies the request to the people its rule names and passes on at once', async () => {
    const copy = (id: string, values: string) =>
      `<bpmn:sendTask id="${id}" name="抄送人事"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${values}"/></macro:node></bpmn:extensionElements></bpmn:sendTask>`;
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'copied',
        name: 'copied',
        xml: definitions('copied', [start(), copy('cc', '5,6,5'), user('a', '1'), end(), chain('start', 'cc', 'a', 'end')].join('\n')),
      }),
    );
    heard.length = 0;
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'copied', starterId: STARTER, title: 'Copied' }));
    const copies = await database.tx((tx) => tx.select().from(wfCarbonCopies).where(eq(wfCarbonCopies.instanceId, instance.id)));
    expect(copies.map((c) => [c.userId, c.fromUserId]).sort()).toEqual([
      [5, STARTER],
      [6, STARTER],
    ]);
    // The token went straight on to the approval, and the diagram counts the copy as done.
    const diagram = await database.tx((tx) => engine.diagram(tx, instance.id));
    expect(diagram.current).toEqual(['a']);
    expect(diagram.done).toContain('cc');
    expect(told()).toEqual(['cc → 5,6', 'arrived a via flow → 1']);
    // A send task that names nobody to copy is refused when the model is checked.
    const problems = await lintXml(definitions('bare', [start(), '<bpmn:sendTask id="cc"/>', end(), chain('start', 'cc', 'end')].join('\n')));
    expect(problems.map((p) => `${p.elementId}:${p.code}`)).toEqual(['cc:carbonCopyMissing']);
  });
});
