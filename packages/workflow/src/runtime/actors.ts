import { preparedSelect, rowsOf, type Tx } from '@macro/store';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { refuse } from '../errors.ts';
import { wfExecutions, wfTaskCandidates, wfTasks } from '../tables.ts';
import type { Task } from './run.ts';

/*
 * Who may act on a task: its assignee, or, while it has none (an or-sign node's task not yet
 * taken), any of its candidates. Every operation on a task and every to-do list asks here.
 */

/** Refuses `userId` unless they may act on `task` (its row locked by the caller). */
/** A user's candidacy for a task (placeholders `taskId`, `userId`), by its unique key. */
const candidacy = preparedSelect((qb) =>
  qb
    .select({ id: wfTaskCandidates.id })
    .from(wfTaskCandidates)
    .where(and(eq(wfTaskCandidates.taskId, sql.placeholder('taskId')), eq(wfTaskCandidates.userId, sql.placeholder('userId')))),
);

export async function mustBeActor(tx: Tx, task: Pick<Task, 'id' | 'assigneeId'>, userId: number): Promise<void> {
  if (task.assigneeId === userId) return;
  if (task.assigneeId === null) {
    const [candidate] = await candidacy(tx, { taskId: task.id, userId });
    if (candidate) return;
  }
  refuse('workflow.notAssignee', `task ${task.id} is not assigned to user ${userId}`, { id: task.id });
}

/** The tasks on which `userId` may act if they are open, for the query builder. */
export const actorOf = (userId: number): SQL =>
  or(
    eq(wfTasks.assigneeId, userId),
    and(
      isNull(wfTasks.assigneeId),
      sql`exists (select 1 from ${wfTaskCandidates} where ${wfTaskCandidates.taskId} = ${wfTasks.id} and ${wfTaskCandidates.userId} = ${userId} and ${wfTaskCandidates.active})`,
    ),
  )!;

/**
 * A user's open tasks: with no open candidacy (most users, most of the time), a walk of the
 * assignee index; else those they hold and those they are an active candidate of, as one table
 * (read whole, so a page costs what the user's open tasks cost, never the tenant's).
 */
export async function openTasksOf(tx: Tx, userId: number): Promise<{ matches?: SQL; where: SQL }> {
  const [candidacy] = rowsOf(await tx.execute(sql`select 1 as found from ${wfTaskCandidates} where user_id = ${userId} and active limit 1`));
  if (!candidacy) return { where: sql`t.assignee_id = ${userId} and t.state = 'open'` };
  return {
    matches: sql`(select * from ${wfTasks} where assignee_id = ${userId} and state = 'open'
      union all
      select w.* from ${wfTaskCandidates} c join ${wfTasks} w on w.id = c.task_id
        where c.user_id = ${userId} and c.active and w.assignee_id is null and w.state = 'open')`,
    where: sql`true`,
  };
}

/** The tasks (as `t`) `userId` was asked to act on, took, held for someone or completed. */
export const involvedWhere = (userId: number): SQL =>
  sql`(t.assignee_id = ${userId} or t.owner_id = ${userId} or t.completed_by = ${userId} or exists (select 1 from ${wfTaskCandidates} c where c.task_id = t.id and c.user_id = ${userId}))`;

/** The candidates each task was given (tasks with a single approver have none), by task id. */
export async function candidatesOf(tx: Tx, taskIds: readonly number[]): Promise<Map<number, number[]>> {
  const byTask = new Map<number, number[]>();
  if (!taskIds.length) return byTask;
  const rows = await tx
    .select({ taskId: wfTaskCandidates.taskId, userId: wfTaskCandidates.userId })
    .from(wfTaskCandidates)
    .where(inArray(wfTaskCandidates.taskId, [...new Set(taskIds)]))
    .orderBy(wfTaskCandidates.id);
  for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row.userId]);
  return byTask;
}

/** Those who may act on each open task of an instance now: its assignee, or its candidates. */
export async function actorsOfOpenTasks(tx: Tx, instanceId: number): Promise<Map<number, number[]>> {
  const open = rowsOf<{ id: number; assignee_id: number | null }>(
    await tx.execute(sql`select id, assignee_id from ${wfTasks} where instance_id = ${instanceId} and state = 'open'`),
  );
  const candidates = await candidatesOf(
    tx,
    open.filter((t) => t.assignee_id === null).map((t) => Number(t.id)),
  );
  return new Map(open.map((t) => [Number(t.id), t.assignee_id === null ? (candidates.get(Number(t.id)) ?? []) : [Number(t.assignee_id)]]));
}

/**
 * Who can act now on the open tasks of a token and of the tokens under it (a counter-sign's
 * signers): each task's assignee, or the active candidates of one nobody holds yet, each user
 * once. Reminders reach these people.
 */
export async function taskActors(tx: Tx, instanceId: number, executionId: number): Promise<{ taskIds: number[]; userIds: number[] }> {
  const under = tx
    .select({ id: wfExecutions.id })
    .from(wfExecutions)
    .where(and(eq(wfExecutions.instanceId, instanceId), eq(wfExecutions.parentId, executionId)));
  const open = await tx
    .select({ id: wfTasks.id, userId: wfTasks.assigneeId })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.state, 'open'), or(eq(wfTasks.executionId, executionId), inArray(wfTasks.executionId, under))))
    .orderBy(wfTasks.id);
  const candidates = await candidatesOf(
    tx,
    open.filter((t) => t.userId === null).map((t) => t.id),
  );
  const actors = open.flatMap((t) => (t.userId === null ? (candidates.get(t.id) ?? []) : [t.userId]));
  return { taskIds: open.map((t) => t.id), userIds: [...new Set(actors.map(Number))] };
}
