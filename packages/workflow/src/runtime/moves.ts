import type { Tx } from '@macro/store';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type FlowNode, reachableFrom } from '../definitions/model.ts';
import { refuse } from '../errors.ts';
import { wfExecutions, wfTasks } from '../tables.ts';
import { candidatesOf, mustBeActor } from './actors.ts';
import type { WorkflowEngine } from './engine.ts';
import { batchHistory, type Execution, type Run, type Task } from './run.ts';

/*
 * Moving tokens backwards: reject to an earlier node, withdraw one's own completion. The rules
 * follow Flowable's change-state semantics: see each function.
 */

/** The node in `scope` that holds `nodeId` (itself, or the sub-process around it). */
function anchorIn(run: Run, nodeId: string, scope: string): string | undefined {
  let node: FlowNode | undefined = run.node(nodeId);
  while (node && node.scope !== scope) node = node.scope === run.model.id ? undefined : run.model.nodes.get(node.scope);
  return node?.id;
}

/** Scopes around a node, innermost first (sub-process ids, then the process id). */
function scopesOf(run: Run, nodeId: string): string[] {
  const scopes: string[] = [];
  let scope = run.node(nodeId).scope;
  for (;;) {
    scopes.push(scope);
    if (scope === run.model.id) return scopes;
    scope = run.node(scope).scope;
  }
}

/**
 * The node standing for `targetId` in the scopes around the task: the target itself when it
 * shares one of them, else the sub-process around it that does (rejecting into that sub-process
 * makes a fresh scope of it).
 */
function outerOf(run: Run, targetId: string, taskNodeId: string): FlowNode {
  const around = new Set(scopesOf(run, taskNodeId));
  let node = run.node(targetId);
  while (!around.has(node.scope)) node = run.node(node.scope);
  return node;
}

/** The user task (or start) whose completion led to `task`, skipping earlier rounds of the same node. */
async function previousNode(tx: Tx, task: Task): Promise<Task | undefined> {
  let id = task.previousTaskId;
  while (id !== null) {
    const [previous] = await tx.select().from(wfTasks).where(eq(wfTasks.id, id));
    if (!previous) return undefined;
    if (previous.nodeId !== task.nodeId) return previous;
    id = previous.previousTaskId;
  }
  return undefined;
}

/**
 * Nodes a task may be rejected to: user tasks (or the start) completed earlier in this instance,
 * on a backward path from it, not inside one branch of a join the task lies after.
 */
export async function rejectTargets(run: Run, task: Task): Promise<string[]> {
  const done = await run.tx
    .selectDistinct({ nodeId: wfTasks.nodeId })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, run.instance.id), eq(wfTasks.state, 'completed')));
  const targets: string[] = [];
  for (const { nodeId } of done) {
    if (nodeId === task.nodeId) continue;
    const target = run.model.nodes.get(nodeId);
    if (!target || (target.kind !== 'userTask' && target.kind !== 'startEvent')) continue;
    const outer = outerOf(run, target.id, task.nodeId);
    const anchor = anchorIn(run, task.nodeId, outer.scope);
    if (!anchor || anchor === outer.id) continue;
    const reach = reachableFrom(run.model, outer.id);
    if (!reach.has(anchor)) continue;
    const intoBranch = [...run.model.nodes.values()].some(
      (join) =>
        (join.kind === 'parallelGateway' || join.kind === 'inclusiveGateway') &&
        join.incoming.length > 1 &&
        join.scope === outer.scope &&
        reach.has(join.id) &&
        (join.id === anchor || reachableFrom(run.model, join.id).has(anchor)) &&
        !join.incoming.every((f) => {
          const source = run.model.flows.get(f)!.source;
          return source === outer.id || reach.has(source);
        }),
    );
    if (!intoBranch) targets.push(nodeId);
  }
  return targets;
}

/** The scope execution of `scope` above `execution` (null for the process itself). */
async function scopeExecution(run: Run, execution: Execution, scope: string): Promise<number | null> {
  if (scope === run.model.id) return null;
  let current: Execution | undefined = execution;
  while (current) {
    if (current.nodeId === scope && current.state === 'scope') return current.id;
    if (current.parentId === null) break;
    [current] = await run.tx.select().from(wfExecutions).where(eq(wfExecutions.id, current.parentId));
  }
  return refuse('workflow.badRejectTarget', `node ${scope} is not around the task`, { node: scope });
}

export interface RejectInput {
  taskId: number;
  userId: number;
  /** A node id, or `previous`. */
  target: string;
  comment?: string;
}

/**
 * Rejects a task back to an earlier node. Every token of the target's scope that the target can
 * reach is removed (open tasks of all branches after a fork before the target, tokens parked at
 * its join) — tokens at a join that came from branches the target cannot reach are kept — and
 * one token is put at the target, whose approvers are found again (see `reopen`).
 */
export function rejectTask(engine: WorkflowEngine, tx: Tx, input: RejectInput): Promise<void> {
  return batchHistory(tx, () => reject(engine, tx, input));
}

async function reject(engine: WorkflowEngine, tx: Tx, input: RejectInput): Promise<void> {
  if (!input.target) refuse('workflow.rejectNeedsNode', 'a rejection needs a node');
  const { task, instance, execution } = await engine.lockTask(tx, input.taskId);
  await mustBeActor(tx, task, input.userId);
  const run = await engine.runOf(tx, instance, input.userId, task.id);
  const node = run.node(task.nodeId);
  const rule = node.settings.reject;
  if (rule.mode === 'none') refuse('workflow.rejectNotAllowed', `node ${node.name} does not allow rejection`, { node: node.name });
  const previous = await previousNode(tx, task);
  const targetId = input.target === 'previous' ? previous?.nodeId : input.target;
  if (!targetId) return refuse('workflow.noPreviousNode', `task ${task.id} has no previous node`, { id: task.id });
  if (rule.mode === 'previous' && targetId !== previous?.nodeId) {
    refuse('workflow.rejectPreviousOnly', `node ${node.name} can only be rejected to the previous node`, { node: node.name });
  }
  if (rule.nodes.length && !rule.nodes.includes(targetId)) {
    refuse('workflow.badRejectTarget', `node ${targetId} is not a reject target of ${node.name}`, { node: targetId });
  }
  if (!(await rejectTargets(run, task)).includes(targetId)) {
    refuse('workflow.badRejectTarget', `node ${targetId} is not a reject target of ${node.name}`, { node: targetId });
  }
  const target = run.node(targetId);
  const outer = outerOf(run, targetId, task.nodeId);
  const parentId = await scopeExecution(run, execution, outer.scope);

  await tx
    .update(wfTasks)
    .set({
      state: 'completed',
      action: 'reject',
      comment: input.comment ?? null,
      assigneeId: input.userId,
      completedBy: input.userId,
      completedAt: run.now(),
      touched: true,
      withdrawable: false,
    })
    .where(eq(wfTasks.id, task.id));
  await run.history({ nodeId: task.nodeId, event: 'leave', action: 'reject', taskId: task.id, comment: input.comment });
  await run.notify({ kind: 'rejected', nodeName: node.name, targetName: target.name, comment: input.comment ?? '' });

  const reach = reachableFrom(run.model, outer.id);
  const downstream = (id: string) => id === outer.id || reach.has(id);
  for (const e of await run.executionsIn(parentId)) {
    const from = e.state === 'waiting' && e.arrivedVia ? run.model.flows.get(e.arrivedVia)!.source : e.nodeId;
    if (downstream(from)) await run.removeExecution(e);
  }
  // Into a sub-process: fresh scopes from the outer one down to the target's.
  let scopeId = parentId;
  for (const subId of outer.id === target.id ? [] : [...scopesOf(run, target.id)].reverse().slice(scopesOf(run, outer.id).length)) {
    const sub = run.node(subId);
    const scope = await run.newExecution(scopeId, subId, 'scope');
    await run.history({ nodeId: subId, event: 'enter' });
    await run.scheduleBoundary(scope, sub);
    scopeId = scope.id;
  }
  await reopen(run, scopeId, target, task.id);
  await run.settleJoins(parentId);
}

/**
 * Puts a fresh token at `target` after a reject. The start node is the initiator's again. A user
 * task's approver rule is resolved again, as entering the node does: every current candidate of
 * an or-sign is a candidate of its task (standing delegations apply), a counter-sign starts over with its signers
 * resolved again, and nobody to approve refuses the reject. A node whose approver the previous
 * node designates goes to those designated for its last round (nobody designates on a reject).
 * A node set to go back to the same approver reopens for whoever completed it last (a
 * counter-sign: for those who signed its last round). Auto-agree does not pass it again. The new
 * tasks follow the completion that led into the node before: its previous node stays the same.
 */
async function reopen(run: Run, parentId: number | null, target: FlowNode, causeTaskId: number): Promise<void> {
  const execution = await run.newExecution(parentId, target.id);
  await run.history({ nodeId: target.id, event: 'enter' });
  await run.scheduleBoundary(execution, target);
  const tasks = await run.tx
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, run.instance.id), eq(wfTasks.nodeId, target.id)))
    .orderBy(wfTasks.id);
  const last = tasks.findLast((t) => t.state === 'completed')!;
  if (target.kind === 'userTask') return run.handOutTasks(execution, target, await approversAgain(run, target, tasks, last), last.previousTaskId);
  await run.tx.insert(wfTasks).values({
    instanceId: run.instance.id,
    executionId: execution.id,
    nodeId: target.id,
    nodeName: target.name,
    kind: 'start',
    assigneeId: run.instance.starterId,
    previousTaskId: last.previousTaskId,
    createdByTaskId: causeTaskId,
    createdAt: run.now(),
  });
}

/** Who a user task reopened by a reject goes to (see `reopen`); `last` is its latest completion. */
async function approversAgain(run: Run, target: FlowNode, tasks: Task[], last: Task): Promise<number[]> {
  const round = roundOf(tasks, last);
  const unique = (users: (number | null)[]) => [...new Set(users.map(Number))];
  if (target.settings.rejectedToSameApprover) {
    return target.multi ? unique(round.filter((t) => t.state === 'completed').map((t) => t.completedBy)) : unique([last.completedBy]);
  }
  // Those designated last time: who held each task of the round, or every candidate of one asked of several.
  const candidates = await candidatesOf(
    run.tx,
    round.map((t) => t.id),
  );
  const designated = target.settings.previousDesignates ? unique(round.flatMap((t) => candidates.get(t.id) ?? [t.ownerId ?? t.assigneeId])) : undefined;
  return run.approversOf(target, designated);
}

/**
 * The tasks of a node's round that `last` belongs to: those one entry into the node made, with
 * those made from them (a sequential counter-sign's next signer, signers added); a task made at
 * the node by another of its tasks belongs to that one's round.
 */
function roundOf(tasks: Task[], last: Task): Task[] {
  const atNode = new Map(tasks.map((t) => [t.id, t]));
  const entryOf = (task: Task) => {
    let at = task;
    while (at.createdByTaskId !== null && atNode.has(at.createdByTaskId)) at = atNode.get(at.createdByTaskId)!;
    return at.createdByTaskId;
  };
  const entry = entryOf(last);
  return tasks.filter((t) => entryOf(t) === entry);
}

export interface WithdrawInput {
  instanceId: number;
  userId: number;
  /** The completed task to take back; default the user's latest completion in the instance. */
  taskId?: number;
  /** Withdrawing the start node needs this second confirmation. */
  confirmStart?: boolean;
}

/**
 * Takes back one's own completion while everything it created is untouched: removes the tasks
 * it created (and the tokens it parked at joins) and reopens the node for the same user.
 */
export function withdrawTask(engine: WorkflowEngine, tx: Tx, input: WithdrawInput): Promise<number> {
  return batchHistory(tx, () => withdraw(engine, tx, input));
}

async function withdraw(engine: WorkflowEngine, tx: Tx, input: WithdrawInput): Promise<number> {
  const instance = await engine.lockInstance(tx, input.instanceId);
  if (instance.state === 'suspended') refuse('workflow.suspended', `instance ${instance.id} is suspended`, { id: instance.id });
  if (instance.state !== 'running') refuse('workflow.instanceEnded', `instance ${instance.id} has ended`, { id: instance.id });
  const conditions = [eq(wfTasks.instanceId, instance.id), eq(wfTasks.completedBy, input.userId), eq(wfTasks.state, 'completed')];
  if (input.taskId) conditions.push(eq(wfTasks.id, input.taskId));
  const [done] = await tx
    .select()
    .from(wfTasks)
    .where(and(...conditions))
    .orderBy(desc(wfTasks.id))
    .limit(1);
  if (!done || !['start', 'approve', 'reinitiate'].includes(done.action ?? '')) {
    return refuse('workflow.nothingToWithdraw', 'there is no completion of yours to withdraw', { id: instance.id });
  }
  const run = await engine.runOf(tx, instance, input.userId, done.createdByTaskId);
  const node = run.node(done.nodeId);
  if (node.multi) refuse('workflow.withdrawCounterSign', `node ${node.name} is a counter-sign: it cannot be withdrawn`, { node: node.name });
  if (node.scope !== run.model.id || instance.parentInstanceId) {
    refuse('workflow.withdrawSubProcess', `node ${node.name} is inside a sub-process: it cannot be withdrawn`, { node: node.name });
  }
  if (!node.settings.withdraw.allowed && node.kind === 'userTask') {
    refuse('workflow.withdrawNotAllowed', `node ${node.name} does not allow withdrawing`, { node: node.name });
  }
  if (!done.withdrawable) {
    refuse('workflow.withdrawTooLate', `what followed ${node.name} ran on (a service task, a join or the end): it cannot be withdrawn`, { node: node.name });
  }
  if (done.kind === 'start' && !input.confirmStart) {
    refuse('workflow.withdrawStartConfirm', 'withdrawing the start node needs a second confirmation');
  }
  // Narrowed to the instance's index range: never a scan of every task or token.
  const created = await tx
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, done.instanceId), eq(wfTasks.createdByTaskId, done.id)));
  const executions = await tx
    .select()
    .from(wfExecutions)
    .where(and(eq(wfExecutions.instanceId, done.instanceId), eq(wfExecutions.createdByTaskId, done.id)));
  if (!executions.length || created.some((t) => t.state !== 'open' || t.touched)) {
    refuse('workflow.withdrawTouched', `the next node has already been handled: ${node.name} cannot be withdrawn`, { node: node.name });
  }
  for (const e of executions) await run.removeExecution(e);
  if (created.length) {
    await tx
      .update(wfTasks)
      .set({ action: 'withdrawn' })
      .where(
        inArray(
          wfTasks.id,
          created.map((t) => t.id),
        ),
      );
    // Those who had the withdrawn tasks (holders, or an unclaimed task's candidates) hear of it.
    const candidates = await candidatesOf(
      tx,
      created.map((t) => t.id),
    );
    const had = created.flatMap((t) => (t.assigneeId === null ? (candidates.get(t.id) ?? []) : [t.assigneeId]));
    await run.notify({ kind: 'withdrawn', nodeName: node.name, userIds: [...new Set(had)] });
  }
  await tx.update(wfTasks).set({ withdrawable: false }).where(eq(wfTasks.id, done.id));
  await run.history({ nodeId: node.id, event: 'operation', action: 'withdraw', taskId: done.id });
  const execution = await run.newExecution(null, node.id);
  await run.scheduleBoundary(execution, node);
  const [reopened] = await tx
    .insert(wfTasks)
    .values({
      instanceId: instance.id,
      executionId: execution.id,
      nodeId: node.id,
      nodeName: node.name,
      kind: done.kind,
      assigneeId: input.userId,
      previousTaskId: done.previousTaskId,
      createdByTaskId: done.createdByTaskId,
      createdAt: run.now(),
      dueAt: done.kind === 'start' ? null : await run.scheduleDue(execution, node),
    })
    .returning();
  return reopened.id;
}
