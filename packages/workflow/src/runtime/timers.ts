import { type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { and, eq, sql } from 'drizzle-orm';
import type { FlowNode } from '../definitions/model.ts';
import { wfExecutions, wfJobs, wfTasks } from '../tables.ts';
import { candidatesOf, taskActors } from './actors.ts';
import type { WorkflowEngine } from './engine.ts';
import type { Execution, Run } from './run.ts';
import { addDuration } from './time.ts';

/**
 * Fires the timers that are due, across tenants. Each job fires in its tenant's transaction with
 * its instance locked, and only while still pending, so several server processes running this at
 * once fire each job exactly once. Jobs of suspended instances wait (and fire after resume).
 * `db` reads the queue across tenants (the owner's connections); `runOn` (by default the same)
 * fires each job: the host passes the request role's, since firing runs approver SQL.
 */
export async function runDueJobs(engine: WorkflowEngine, db: Db, options: { now?: Date; limit?: number; runOn?: Db } = {}): Promise<number> {
  const now = options.now ?? engine.options.clock?.() ?? new Date();
  // Read as the owner (no tenant role): the queue spans tenants; each job then runs in its own.
  const due = rowsOf<{ id: number; tenant_id: string }>(
    await db.execute(
      sql`select j.id, j.tenant_id from wf_job j join wf_instance i on i.id = j.instance_id
          where j.state = 'pending' and j.due_at <= ${now.toISOString()}::timestamptz and i.state = 'running' and i.deleted_at is null
          order by j.due_at, j.id limit ${options.limit ?? 100}`,
    ),
  );
  let fired = 0;
  for (const job of due) {
    if (await withTenant(options.runOn ?? db, job.tenant_id, (tx) => fireJob(engine, tx, Number(job.id), now))) fired += 1;
  }
  return fired;
}

async function fireJob(engine: WorkflowEngine, tx: Tx, jobId: number, now: Date): Promise<boolean> {
  const [peek] = await tx.select({ instanceId: wfJobs.instanceId }).from(wfJobs).where(eq(wfJobs.id, jobId));
  if (!peek) return false;
  // Instance first, then the job: the same order every operation locks in.
  const instance = await engine.lockInstance(tx, peek.instanceId).catch(() => undefined);
  const [job] = await tx.select().from(wfJobs).where(eq(wfJobs.id, jobId)).for('update');
  if (job?.state !== 'pending' || job.dueAt > now) return false;
  if (!instance || instance.state === 'suspended') return false;
  await tx.update(wfJobs).set({ state: 'done' }).where(eq(wfJobs.id, job.id));
  if (instance.state !== 'running') return false;
  const [execution] = await tx.select().from(wfExecutions).where(eq(wfExecutions.id, job.executionId));
  if (!execution) return false;
  const run = await engine.runOf(tx, instance, 0, null);
  const timer = run.node(job.nodeId);
  if (timer.kind === 'userTask') {
    // A due time: each task still open there is overdue from now on (its history says so).
    const open = await tx
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, execution.instanceId), eq(wfTasks.executionId, execution.id), eq(wfTasks.state, 'open')));
    const candidates = await candidatesOf(
      tx,
      open.filter((t) => t.assigneeId === null).map((t) => t.id),
    );
    for (const task of open) {
      await run.history({ nodeId: timer.id, event: 'operation', action: 'overdue', taskId: task.id, userId: task.assigneeId });
      await run.notify({
        kind: 'overdue',
        taskId: task.id,
        nodeName: task.nodeName,
        userIds: task.assigneeId === null ? (candidates.get(task.id) ?? []) : [task.assigneeId],
      });
    }
    return open.length > 0;
  }
  if (timer.kind === 'timerCatch') {
    // At the timer catch event, or at the event-based gateway before it.
    await run.eventHappened(execution, timer, { action: 'timer', userId: null });
    return true;
  }
  if (timer.cancelActivity) {
    await run.boundaryFired(execution, timer, { action: 'timeout', at: now });
    return true;
  }
  const activity = run.node(timer.attachedTo!);
  // A cycle's next firing first: a token the branch ends takes it with it.
  await scheduleNextFiring(tx, job, timer, now);
  if (activity.kind === 'userTask') await remind(engine, run, execution, activity, timer, job.repetition + 1, now);
  if (timer.outgoing.length) {
    const branch = await run.newExecution(execution.parentId, timer.id);
    await run.arrive(branch, timer.id);
  }
  return true;
}

/**
 * A cycle timer schedules its next firing one interval after this one's due time (after now,
 * should the server have been down: missed firings are not made up in a burst) until it has
 * fired its count; the job goes with its token when the activity ends.
 */
async function scheduleNextFiring(tx: Tx, job: typeof wfJobs.$inferSelect, timer: FlowNode, now: Date): Promise<void> {
  const cycle = timer.timer;
  if (cycle?.kind !== 'cycle') return;
  const repetition = job.repetition + 1;
  if (cycle.times !== undefined && repetition >= cycle.times) return;
  let dueAt = addDuration(job.dueAt, cycle.every!);
  if (dueAt <= now) dueAt = addDuration(now, cycle.every!);
  await tx.insert(wfJobs).values({ instanceId: job.instanceId, executionId: job.executionId, nodeId: job.nodeId, dueAt, repetition });
}

/** The task's actors are reminded (through the host) and the history says so; the token stays. */
async function remind(engine: WorkflowEngine, run: Run, execution: Execution, task: FlowNode, timer: FlowNode, repetition: number, at: Date): Promise<void> {
  const times = timer.timer?.kind === 'cycle' ? timer.timer.times : 1;
  const { taskIds, userIds } = await taskActors(run.tx, run.instance.id, execution.id);
  await run.history({
    nodeId: task.id,
    event: 'operation',
    action: 'remind',
    userId: null,
    comment: times === undefined ? String(repetition) : `${repetition}/${times}`,
  });
  if (!userIds.length) return;
  await engine.options.reminders?.remind(run.tx, {
    instanceId: run.instance.id,
    title: run.instance.title,
    nodeId: task.id,
    nodeName: task.name,
    taskIds,
    userIds,
    repetition,
    ...(times === undefined ? {} : { times }),
    at,
  });
}
