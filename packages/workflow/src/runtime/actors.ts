import type { Tx } from '@macro/store';
import { and, eq, inArray, or } from 'drizzle-orm';
import { wfExecutions, wfTasks } from '../tables.ts';

/**
 * Who can act now on the open tasks of a token and of the tokens under it (a counter-sign's
 * signers): each task's assignee, each user once. Reminders reach these people. A task nobody
 * holds yet adds nobody here: whoever may claim it is for this function to add.
 */
export async function taskActors(tx: Tx, instanceId: number, executionId: number): Promise<{ taskIds: number[]; userIds: number[] }> {
  const under = tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(eq(wfExecutions.instanceId, instanceId), eq(wfExecutions.parentId, executionId)));
  const open = await tx
    .select({ id: wfTasks.id, userId: wfTasks.assigneeId })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.state, 'open'), or(eq(wfTasks.executionId, executionId), inArray(wfTasks.executionId, under))))
    .orderBy(wfTasks.id);
  const held = open.map((t) => t.userId as number | null).filter((id): id is number => id !== null);
  return { taskIds: open.map((t) => t.id), userIds: [...new Set(held.map(Number))] };
}
