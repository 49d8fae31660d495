/**
 * The process the crash test kills: approves the open tasks of the given instances one
 * transaction at a time on DATABASE_URL, printing `ack <taskId>` after each commit.
 */
import { type Db, withTenant } from '@macro/store';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { WorkflowEngine } from '../runtime/engine.ts';
import { TENANT } from './database.ts';
import { testResolver } from './engine.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
pool.on('error', () => undefined); // this process is about to be killed; a lost idle connection is expected
const db = drizzle(pool) as unknown as Db;
const engine = new WorkflowEngine({ resolver: testResolver });
const instances = (process.env.INSTANCES ?? '').split(',').map(Number);

async function worker(mine: number[]) {
  for (;;) {
    let acted = false;
    for (const instanceId of mine) {
      const done = await withTenant(db, TENANT, async (tx) => {
        const [task] = await engine.openTasks(tx, instanceId);
        if (!task) return undefined;
        await engine.approve(tx, { taskId: task.id, userId: task.assigneeId! });
        return task.id;
      }).catch(() => undefined);
      if (done !== undefined) {
        acted = true;
        process.stdout.write(`ack ${done}\n`);
      }
    }
    if (!acted) break;
  }
}

await Promise.all([0, 1, 2, 3].map((w) => worker(instances.filter((_, i) => i % 4 === w))));
await pool.end();
