/**
 * The to-do page at 100k open tasks: GET upcoming-task's list code (the server's `taskList`,
 * the kit's keyset list: page of 20, newest first, total counted up to the cap) for a user who
 * holds BENCH_TODO_TASKS open tasks in one tenant, beside a floor measured in the same run on
 * the same database: the cheapest SQL returning the same 20 rows and the same total (one ordered,
 * limited join, and the product's rule for the total: matches counted up to TOTAL_CAP + 1, in the
 * same statement). Page 1 and a deep page (by cursor, 50 000 rows down). Prints ms per page and
 * the ratio floor / product (1 = as fast as the floor).
 *
 * Run alone: BENCH_DATABASES=pglite BENCH_SECONDS=3 node --import tsx bench/todo.ts
 * Environment: BENCH_TODO_TASKS (default 100000), BENCH_SECONDS (default 10), BENCH_DATABASES,
 * DATABASE_URL (PostgreSQL that accepts CREATE DATABASE).
 */
import { rowsOf, type Tx, withTenant } from '@macro/store';
import { openTestDatabase, postgresReachable, TENANT, type TestDatabase } from '@macro/workflow/testing';
import { TOTAL_CAP } from '@macro/contract';
import { sql } from 'drizzle-orm';
import { timeIt } from './timing.ts';
import { taskList, todoList } from '../apps/server/src/modules/workflow/lists.ts';

const TASKS = Number(process.env.BENCH_TODO_TASKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const USER = 7;
const SIZE = 20;

/** TASKS running instances, each with one open task of USER (and a completed start task), as the engine leaves them. */
async function seed(database: TestDatabase): Promise<void> {
  await withTenant(database.db, TENANT, async (tx) => {
    await tx.execute(sql`insert into wf_definition (key, version, name, xml) values ('todo', 1, 'todo', '<x/>')`);
    await tx.execute(sql`insert into wf_instance (definition_id, starter_id, title)
      select (select id from wf_definition where key = 'todo'), 100, '报销 ' || g from generate_series(1, ${TASKS}) g`);
    await tx.execute(sql`insert into wf_task (instance_id, execution_id, node_id, node_name, kind, assignee_id, state, action, completed_by, completed_at)
      select id, 0, 'start', 'start', 'start', 100, 'completed', 'start', 100, now() from wf_instance`);
    await tx.execute(sql`insert into wf_task (instance_id, execution_id, node_id, node_name, assignee_id)
      select id, 0, 'a', '经理审批', ${USER} from wf_instance`);
  });
  await database.db.execute(sql`analyze`);
}

const floorSql = (before: number | null) => sql`
  select c.total, p.* from (
    select count(*)::int as total from (
      select 1 from wf_task t join wf_instance i on i.id = t.instance_id
      where t.assignee_id = ${USER} and t.state = 'open' and i.deleted_at is null limit ${TOTAL_CAP + 1}
    ) m
  ) c left join lateral (
    select t.id, t.instance_id, t.node_id, t.node_name, t.kind, t.assignee_id, t.owner_id, t.state, t.action, t.created_at, i.title, i.state as instance_state
    from wf_task t join wf_instance i on i.id = t.instance_id
    where t.assignee_id = ${USER} and t.state = 'open' and i.deleted_at is null ${before === null ? sql`` : sql`and t.id < ${before}`}
    order by t.id desc limit ${SIZE}
  ) p on true
  order by p.id desc`;

export async function benchTodo(): Promise<string[]> {
  const lines: string[] = [];
  for (const kind of DATABASES) {
    process.env.TEST_DB = kind;
    if (kind === 'postgres' && !(await postgresReachable())) {
      lines.push('to-do page on postgres: skipped (PostgreSQL not reachable)');
      continue;
    }
    const database = await openTestDatabase();
    try {
      const seeding = performance.now();
      await seed(database);
      const seedMs = performance.now() - seeding;
      const inTenant = <T>(work: (tx: Tx) => Promise<T>) => withTenant(database.db, TENANT, work);
      // The cursor 50 000 rows down, as a client paging by cursor would hold it.
      const [deep] = rowsOf<{ id: number }>(
        await inTenant((tx) => tx.execute(sql`select id from wf_task where assignee_id = ${USER} and state = 'open' order by id desc offset 50000 limit 1`)),
      );
      const cursor = Buffer.from(JSON.stringify([Number(deep.id)])).toString('base64url');
      const first = await inTenant(async (tx) => taskList(tx, await todoList(tx, USER), { current: 1, size: SIZE }));
      const floorFirst = rowsOf<{ id: number; total: number }>(await inTenant((tx) => tx.execute(floorSql(null))));
      if (first.records.map((r) => r.taskId).join() !== floorFirst.map((r) => Number(r.id)).join()) throw new Error('product and floor pages differ');
      if (Math.min(first.total, TOTAL_CAP) !== Math.min(Number(floorFirst[0]?.total), TOTAL_CAP)) throw new Error('product and floor totals differ');
      for (const [name, product, floor] of [
        [
          'page 1',
          () => inTenant(async (tx) => taskList(tx, await todoList(tx, USER), { current: 1, size: SIZE })),
          () => inTenant((tx) => tx.execute(floorSql(null))),
        ],
        [
          'deep page (cursor)',
          () => inTenant(async (tx) => taskList(tx, await todoList(tx, USER), { current: 1, size: SIZE, cursor })),
          () => inTenant((tx) => tx.execute(floorSql(Number(deep.id)))),
        ],
      ] as const) {
        const floorMs = await timeIt(floor, SECONDS);
        const productMs = await timeIt(product, SECONDS);
        lines.push(
          `to-do ${name} at ${TASKS} open tasks on ${kind} (seeded in ${(seedMs / 1000).toFixed(1)} s): product ${productMs.toFixed(2)} ms, floor ${floorMs.toFixed(2)} ms, ratio ${(floorMs / productMs).toFixed(2)}; total ${first.total}${first.totalExact ? '' : '+'}`,
        );
      }
    } finally {
      await database.close();
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchTodo()) console.log(line);
}
