import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, STARTER } from '../test/engine.ts';

const engine = newEngine();
let database: TestDatabase;
const onPostgres = process.env.TEST_DB === 'postgres' && (await postgresReachable());
if (process.env.TEST_DB === 'postgres' && !onPostgres) console.warn('crash test skipped: PostgreSQL not reachable');

const WORKER = fileURLToPath(new URL('../test/crashWorker.ts', import.meta.url));

// A server process dies (kill -9) only where a real server runs: on PostgreSQL.
describe.skipIf(!onPostgres)('a process killed in the middle of approvals', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  it('leaves every instance in a state whole operations reach, with every acknowledged approval kept', async () => {
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'crash',
        name: 'crash',
        xml: definitions(
          'crash',
          [
            start(),
            user('a', '1'),
            gateway('parallel', 'fork'),
            user('b', '2'),
            user('c', '3'),
            gateway('parallel', 'join'),
            user('d', '4'),
            end(),
            chain('start', 'a', 'fork'),
            flow('fb', 'fork', 'b'),
            flow('fc', 'fork', 'c'),
            flow('bj', 'b', 'join'),
            flow('cj', 'c', 'join'),
            chain('join', 'd', 'end'),
          ].join('\n'),
        ),
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < 60; i += 1) ids.push((await database.tx((tx) => engine.start(tx, { definitionKey: 'crash', starterId: STARTER }))).instance.id);

    const acked: number[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, DATABASE_URL: database.url, INSTANCES: ids.join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
      // Kill it mid-batch, once a fair share of approvals went through.
      if (acked.length >= 60 && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    const exit = await new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    expect(exit).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(60);

    await database.tx(async (tx) => {
      // Every acknowledged approval is there, once.
      const done = (await tx.execute(sql`select id, state from wf_task where id = any(${`{${acked.join(',')}}`}::int[])`)) as unknown as {
        rows: { state: string }[];
      };
      expect(done.rows.map((r) => r.state)).toEqual(acked.map(() => 'completed'));
      const approvals = (await tx.execute(
        sql`select task_id, count(*)::int as n from wf_history where action = 'approve' group by task_id having count(*) > 1`,
      )) as unknown as {
        rows: unknown[];
      };
      expect(approvals.rows).toEqual([]);
    });
    // Each instance is where whole operations lead: its open tasks are one of the reachable sets.
    const reachableStates = new Set(['a', 'b,c', 'c', 'b', 'd', '']);
    for (const id of ids) {
      const open = (await database.tx((tx) => engine.openTasks(tx, id))).map((t) => t.nodeId).sort();
      expect(reachableStates.has(open.join(',')), `instance ${id}: ${open}`).toBe(true);
      const state = await database.tx(async (tx) => {
        const executions = (await tx.execute(sql`select node_id, state from wf_execution where instance_id = ${id}`)) as unknown as {
          rows: { node_id: string; state: string }[];
        };
        return executions.rows.map((e) => `${e.node_id}:${e.state}`).sort();
      });
      const instance = await database.tx((tx) => engine.instance(tx, id));
      if (open.length === 0) expect([instance.state, state]).toEqual(['completed', []]);
      // A token per open task, plus at most one parked at the join while the other branch runs.
      else expect(state.filter((s) => !s.endsWith(':waiting'))).toEqual(open.map((n) => `${n}:active`));
      if (open.join(',') === 'b' || open.join(',') === 'c') expect(state).toContain('join:waiting');
    }
  });
});
