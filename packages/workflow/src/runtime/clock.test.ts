import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, STARTER, TestClock } from '../test/engine.ts';
import { wfExecutions, wfHistory, wfInstances, wfTasks } from '../tables.ts';

const clock = new TestClock();
const engine = newEngine(clock);
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)("the engine's clock is the only clock", () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'clocked',
        name: 'clocked',
        xml: definitions('clocked', [start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n')),
      }),
    );
  });
  afterAll(async () => database?.close());

  it('instance start, tokens, tasks and history carry the engine clock, not the database clock', async () => {
    // The test clock is months away from the database's now(): any row the database dates itself shows.
    const startedAt = clock.now;
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'clocked', starterId: STARTER }));
    clock.advance(60_000);
    const approvedAt = clock.now;
    await approveAt(database, engine, instance.id, 'a');
    clock.advance(60_000);
    const rejectedAt = clock.now;
    await database.tx(async (tx) => {
      const [task] = (await engine.openTasks(tx, instance.id)).filter((t) => t.nodeId === 'b');
      await engine.reject(tx, { taskId: task.id, userId: 2, target: 'a' });
    });
    const rows = await database.tx(async (tx) => ({
      instance: (await tx.select().from(wfInstances).where(eq(wfInstances.id, instance.id)))[0],
      tasks: await tx.select().from(wfTasks).where(eq(wfTasks.instanceId, instance.id)).orderBy(wfTasks.id),
      executions: await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, instance.id)),
      history: await tx.select().from(wfHistory).where(eq(wfHistory.instanceId, instance.id)),
    }));
    const times = (dates: Date[]) => dates.map((d) => d.toISOString());
    expect(rows.instance.startedAt.toISOString()).toBe(startedAt.toISOString());
    expect(times(rows.tasks.map((t) => t.createdAt))).toEqual(times([startedAt, startedAt, approvedAt, rejectedAt]));
    for (const execution of rows.executions)
      expect([startedAt, approvedAt, rejectedAt].map((d) => d.toISOString())).toContain(execution.createdAt.toISOString());
    for (const entry of rows.history) expect([startedAt, approvedAt, rejectedAt].map((d) => d.toISOString())).toContain(entry.at.toISOString());
  });
});
