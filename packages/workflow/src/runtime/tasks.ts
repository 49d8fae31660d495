import type { Tx } from '@macro/store';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { refuse } from '../errors.ts';
import { wfCarbonCopies, wfDrafts, wfExecutions, wfHistory, wfInstances, wfJobs, wfTaskCandidates, wfTasks, wfVariables } from '../tables.ts';
import { actorOf, mustBeActor } from './actors.ts';
import type { WorkflowEngine } from './engine.ts';
import { batchHistory } from './run.ts';

/*
 * Operations that change who holds a task or the state of an instance, carbon copies, drafts
 * and the recycle bin. Each runs in the caller's transaction with the instance row locked.
 */

/** An operation on one instance by a user. */
export interface InstanceInput {
  instanceId: number;
  userId: number;
}

/** A page of a list, from 1. */
export interface PageInput {
  current: number;
  size: number;
}

export interface AssignInput {
  taskId: number;
  adminId: number;
  toUserId: number;
}

export interface CarbonCopyInput {
  instanceId: number;
  fromUserId: number;
  userIds: number[];
  taskId?: number;
}

export interface DraftInput {
  id?: number;
  definitionKey: string;
  ownerId: number;
  title?: string;
  data: Record<string, unknown>;
}

export interface HandOverInput {
  taskId: number;
  userId: number;
  toUserId: number;
  comment?: string;
}

/**
 * Gives the task to another approver; the task record stays, its approver changes. Handed to
 * one person (transfer, delegation, assignment), an or-sign node's task is theirs alone: its
 * other candidates can no longer act on it.
 */
export async function transferTask(engine: WorkflowEngine, tx: Tx, input: HandOverInput): Promise<void> {
  if (!input.toUserId) refuse('workflow.transferNeedsApprover', 'a transfer needs an approver');
  const { task, instance } = await engine.lockTask(tx, input.taskId);
  await mustBeActor(tx, task, input.userId);
  await tx.update(wfTasks).set({ assigneeId: input.toUserId, ownerId: null, touched: true }).where(eq(wfTasks.id, task.id));
  const run = await engine.runOf(tx, instance, input.userId, null);
  await run.history({ nodeId: task.nodeId, event: 'operation', action: 'transfer', taskId: task.id, comment: input.comment, targetUserId: input.toUserId });
  await run.notify({ kind: 'taskArrived', taskId: task.id, nodeName: task.nodeName, userIds: [input.toUserId], via: 'transfer' });
}

/** Delegates the task: only the delegate may act, and their approval hands it back to the owner. */
export async function delegateTask(engine: WorkflowEngine, tx: Tx, input: HandOverInput): Promise<void> {
  if (!input.toUserId) refuse('workflow.delegateNeedsUser', 'a delegation needs a delegate');
  const { task, instance } = await engine.lockTask(tx, input.taskId);
  await mustBeActor(tx, task, input.userId);
  await tx
    .update(wfTasks)
    .set({ assigneeId: input.toUserId, ownerId: task.ownerId ?? input.userId, touched: true })
    .where(eq(wfTasks.id, task.id));
  const run = await engine.runOf(tx, instance, input.userId, null);
  await run.history({ nodeId: task.nodeId, event: 'operation', action: 'delegate', taskId: task.id, comment: input.comment, targetUserId: input.toUserId });
  await run.notify({ kind: 'taskArrived', taskId: task.id, nodeName: task.nodeName, userIds: [input.toUserId], via: 'delegate' });
}

/** An administrator sets the approver of an open task (refused while the instance is suspended). */
export async function assignTask(engine: WorkflowEngine, tx: Tx, input: AssignInput): Promise<void> {
  if (!input.toUserId) refuse('workflow.transferNeedsApprover', 'an assignment needs an approver');
  const { task, instance } = await engine.lockTask(tx, input.taskId);
  await tx.update(wfTasks).set({ assigneeId: input.toUserId, ownerId: null }).where(eq(wfTasks.id, task.id));
  const run = await engine.runOf(tx, instance, input.adminId, null);
  await run.history({ nodeId: task.nodeId, event: 'operation', action: 'assign', taskId: task.id, targetUserId: input.toUserId });
  await run.notify({ kind: 'taskArrived', taskId: task.id, nodeName: task.nodeName, userIds: [input.toUserId], via: 'assign' });
}

/** The approver opened the task: from now on the completion that created it cannot be withdrawn. */
export async function touchTask(tx: Tx, input: { taskId: number; userId: number }): Promise<void> {
  await tx
    .update(wfTasks)
    .set({ touched: true })
    .where(and(eq(wfTasks.id, input.taskId), actorOf(input.userId), eq(wfTasks.state, 'open')));
}

async function setState(engine: WorkflowEngine, tx: Tx, input: InstanceInput, from: string, to: string) {
  const instance = await engine.lockInstance(tx, input.instanceId);
  if (instance.state !== from) {
    refuse(to === 'suspended' ? 'workflow.notRunning' : 'workflow.notSuspended', `instance ${instance.id} is ${instance.state}`, { id: instance.id });
  }
  await tx.update(wfInstances).set({ state: to }).where(eq(wfInstances.id, instance.id));
  const run = await engine.runOf(tx, instance, input.userId, null);
  await run.history({ nodeId: run.model.id, event: 'operation', action: to === 'suspended' ? 'suspend' : 'resume' });
}

/** Suspends a running instance: task operations and timers wait until it is resumed. */
export const suspendInstance = (engine: WorkflowEngine, tx: Tx, input: InstanceInput) => setState(engine, tx, input, 'running', 'suspended');

/**
 * Resumes a suspended instance; timers that fell due meanwhile fire on the next pass, and a
 * called process that ended meanwhile moves it on now.
 */
export async function resumeInstance(engine: WorkflowEngine, tx: Tx, input: InstanceInput): Promise<void> {
  await batchHistory(tx, async () => {
    await setState(engine, tx, input, 'suspended', 'running');
    await engine.resumeCalled(tx, await engine.lockInstance(tx, input.instanceId));
  });
}

/** Sends a carbon copy (circulation) of a running instance to users; each reads it once. */
export async function carbonCopy(engine: WorkflowEngine, tx: Tx, input: CarbonCopyInput): Promise<void> {
  const instance = await engine.lockInstance(tx, input.instanceId);
  engine.assertTakesOperations(instance);
  const users = [...new Set(input.userIds)];
  if (!users.length) refuse('workflow.ccNeedsUser', 'a carbon copy needs at least one user');
  await tx
    .insert(wfCarbonCopies)
    .values(users.map((userId) => ({ instanceId: instance.id, taskId: input.taskId ?? null, userId, fromUserId: input.fromUserId })));
  const run = await engine.runOf(tx, instance, input.fromUserId, null);
  await run.history({ nodeId: run.model.id, event: 'operation', action: 'cc', comment: users.join(',') });
  await run.notify({ kind: 'carbonCopy', userIds: users });
}

export async function readCarbonCopy(tx: Tx, input: { id: number; userId: number }): Promise<void> {
  await tx
    .update(wfCarbonCopies)
    .set({ readAt: sql`coalesce(${wfCarbonCopies.readAt}, now())` })
    .where(and(eq(wfCarbonCopies.id, input.id), eq(wfCarbonCopies.userId, input.userId)));
}

export async function myCarbonCopies(tx: Tx, userId: number, page = { current: 1, size: 10 }) {
  return tx
    .select()
    .from(wfCarbonCopies)
    .where(eq(wfCarbonCopies.userId, userId))
    .orderBy(desc(wfCarbonCopies.id))
    .limit(page.size)
    .offset((page.current - 1) * page.size);
}

// ---------------------------------------------------------------- drafts

export async function saveDraft(tx: Tx, input: DraftInput) {
  if (input.id) {
    const [row] = await tx
      .update(wfDrafts)
      .set({ data: input.data, title: input.title ?? '', updatedAt: new Date() })
      .where(and(eq(wfDrafts.id, input.id), eq(wfDrafts.ownerId, input.ownerId)))
      .returning();
    return row ?? refuse('workflow.draftNotFound', `no draft ${input.id}`, { id: input.id });
  }
  const [row] = await tx
    .insert(wfDrafts)
    .values({ definitionKey: input.definitionKey, ownerId: input.ownerId, title: input.title ?? '', data: input.data })
    .returning();
  return row;
}

export const listDrafts = (tx: Tx, ownerId: number) => tx.select().from(wfDrafts).where(eq(wfDrafts.ownerId, ownerId)).orderBy(desc(wfDrafts.id));

export async function deleteDraft(tx: Tx, input: { id: number; ownerId: number }): Promise<void> {
  const removed = await tx
    .delete(wfDrafts)
    .where(and(eq(wfDrafts.id, input.id), eq(wfDrafts.ownerId, input.ownerId)))
    .returning();
  if (!removed.length) refuse('workflow.draftNotFound', `no draft ${input.id}`, { id: input.id });
}

/** Starts an instance from a draft (its data become the variables) and removes the draft, in one transaction. */
export async function startFromDraft(engine: WorkflowEngine, tx: Tx, input: { draftId: number; ownerId: number; designated?: Record<string, number[]> }) {
  const [draft] = await tx
    .select()
    .from(wfDrafts)
    .where(and(eq(wfDrafts.id, input.draftId), eq(wfDrafts.ownerId, input.ownerId)));
  if (!draft) refuse('workflow.draftNotFound', `no draft ${input.draftId}`, { id: input.draftId });
  const started = await engine.start(tx, {
    definitionKey: draft.definitionKey,
    starterId: input.ownerId,
    variables: draft.data as Record<string, unknown>,
    title: draft.title || undefined,
    designated: input.designated,
  });
  await tx.delete(wfDrafts).where(eq(wfDrafts.id, draft.id));
  return started;
}

// ---------------------------------------------------------------- recycle bin

/** The ids of an instance and of those it called, and they called, …: a called process goes where its caller goes. */
const familyOf = (instanceId: number) =>
  sql`(with recursive family as (
      select id from ${wfInstances} where id = ${instanceId}
      union all
      select i.id from ${wfInstances} i join family f on i.parent_instance_id = f.id
    ) select id from family)`;

/**
 * Moves an instance to the recycle bin with the processes it called: they and their tasks leave
 * every list, and take no operation or timer, until restored.
 */
export async function deleteInstance(engine: WorkflowEngine, tx: Tx, input: InstanceInput): Promise<void> {
  const instance = await engine.lockInstance(tx, input.instanceId);
  const run = await engine.runOf(tx, instance, input.userId, null);
  await tx.execute(
    sql`update ${wfInstances} set deleted_at = ${run.now().toISOString()}::timestamptz where id in ${familyOf(instance.id)} and deleted_at is null`,
  );
  await run.history({ nodeId: run.model.id, event: 'operation', action: 'delete' });
}

/** Restores an instance from the recycle bin with the called processes that went there with it. */
export async function restoreInstance(tx: Tx, input: { instanceId: number }): Promise<void> {
  const [row] = await tx
    .select()
    .from(wfInstances)
    .where(and(eq(wfInstances.id, input.instanceId), isNotNull(wfInstances.deletedAt)))
    .for('update');
  if (!row) refuse('workflow.instanceNotFound', `no instance ${input.instanceId} in the recycle bin`, { id: input.instanceId });
  await tx.execute(
    sql`update ${wfInstances} set deleted_at = null where id in ${familyOf(row.id)} and deleted_at = ${row.deletedAt!.toISOString()}::timestamptz`,
  );
}

/** Removes an instance from the recycle bin for good, with the called processes in it and everything they recorded. */
export async function purgeInstance(tx: Tx, input: { instanceId: number }): Promise<void> {
  const [row] = await tx
    .select()
    .from(wfInstances)
    .where(and(eq(wfInstances.id, input.instanceId), isNotNull(wfInstances.deletedAt)))
    .for('update');
  if (!row) refuse('workflow.instanceNotFound', `no instance ${input.instanceId} in the recycle bin`, { id: input.instanceId });
  const family = sql`(select id from ${wfInstances} where id in ${familyOf(row.id)} and deleted_at is not null)`;
  await tx.execute(sql`delete from ${wfTaskCandidates} where task_id in (select id from ${wfTasks} where instance_id in ${family})`);
  for (const table of [wfTasks, wfExecutions, wfHistory, wfVariables, wfCarbonCopies, wfJobs]) {
    await tx.execute(sql`delete from ${table} where instance_id in ${family}`);
  }
  await tx.execute(sql`delete from ${wfInstances} where id in ${family}`);
}

// ---------------------------------------------------------------- lists

const page = (p?: PageInput) => ({ limit: p?.size ?? 10, offset: ((p?.current ?? 1) - 1) * (p?.size ?? 10) });

/** Open tasks of a user (instances in the recycle bin left out), newest first. */
export async function todoTasks(tx: Tx, userId: number, p?: PageInput) {
  const { limit, offset } = page(p);
  return tx
    .select({ task: wfTasks, title: wfInstances.title, instanceState: wfInstances.state })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(and(actorOf(userId), eq(wfTasks.state, 'open'), isNull(wfInstances.deletedAt)))
    .orderBy(desc(wfTasks.id))
    .limit(limit)
    .offset(offset);
}

export async function doneTasks(tx: Tx, userId: number, p?: PageInput) {
  const { limit, offset } = page(p);
  return tx
    .select({ task: wfTasks, title: wfInstances.title })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(and(eq(wfTasks.completedBy, userId), isNull(wfInstances.deletedAt)))
    .orderBy(desc(wfTasks.id))
    .limit(limit)
    .offset(offset);
}

export async function startedInstances(tx: Tx, userId: number, p?: PageInput) {
  const { limit, offset } = page(p);
  return tx
    .select()
    .from(wfInstances)
    .where(and(eq(wfInstances.starterId, userId), isNull(wfInstances.deletedAt)))
    .orderBy(desc(wfInstances.id))
    .limit(limit)
    .offset(offset);
}

/** Not a called process that went to the bin with its caller (the caller stands for both there). */
const notInBinWithCaller = sql`not exists (select 1 from ${wfInstances} caller where caller.id = ${wfInstances.parentInstanceId} and caller.deleted_at is not null)`;

export async function recycleBin(tx: Tx, userId: number, p?: PageInput) {
  const { limit, offset } = page(p);
  return tx
    .select()
    .from(wfInstances)
    .where(and(eq(wfInstances.starterId, userId), isNotNull(wfInstances.deletedAt), notInBinWithCaller))
    .orderBy(desc(wfInstances.id))
    .limit(limit)
    .offset(offset);
}
