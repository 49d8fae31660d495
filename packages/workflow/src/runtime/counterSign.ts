import type { Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import { refuse } from '../errors.ts';
import { wfExecutions } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';
import type { LoopState } from './run.ts';

export interface CounterSignersInput {
  /** An open task of the counter-sign node. */
  taskId: number;
  userId: number;
  userIds: number[];
}

async function counterSignOf(engine: WorkflowEngine, tx: Tx, input: CounterSignersInput) {
  const { task, instance, execution: child } = await engine.lockTask(tx, input.taskId);
  const run = await engine.runOf(tx, instance, input.userId, task.id);
  const node = run.node(task.nodeId);
  if (!node.multi || task.kind !== 'counterSign') refuse('workflow.notCounterSign', `node ${node.name} is not a counter-sign`, { node: node.name });
  const [scope] = await tx.select().from(wfExecutions).where(eq(wfExecutions.id, child.parentId!));
  return { task, run, node, scope, loop: scope.loop as LoopState };
}

/** Adds counter-signers to a running counter-sign node (parallel: tasks at once; sequential: queued at the end). */
export async function addCounterSigners(engine: WorkflowEngine, tx: Tx, input: CounterSignersInput): Promise<void> {
  const { run, node, scope, loop } = await counterSignOf(engine, tx, input);
  const added = [...new Set(input.userIds)].filter((u) => !loop.approvers.includes(u));
  if (!added.length) refuse('workflow.ccNeedsUser', 'no new counter-signer given');
  loop.approvers.push(...added);
  if (node.multi!.type === 'parallel') {
    for (const user of added) {
      const child = await run.newExecution(scope.id, node.id);
      await run.createTask(child, node, user, 'counterSign');
    }
    loop.next = loop.approvers.length;
  }
  await tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, scope.id));
  await run.history({ nodeId: node.id, event: 'operation', action: 'addCounterSigner', comment: added.join(',') });
}

/**
 * Removes counter-signers who have not signed yet (their open tasks go); the node is then decided
 * again, so removing the last holdout of an "all" counter-sign completes it. At least one
 * counter-signer must remain.
 */
export async function removeCounterSigners(engine: WorkflowEngine, tx: Tx, input: CounterSignersInput): Promise<void> {
  const { run, node, scope, loop } = await counterSignOf(engine, tx, input);
  const children = await run.executionsIn(scope.id);
  const openTasks = await engine.openTasks(tx, run.instance.id);
  const openBy = new Map(openTasks.filter((t) => children.some((c) => c.id === t.executionId)).map((t) => [t.assigneeId, t]));
  const handedOut = node.multi!.type === 'sequential' ? loop.approvers.slice(0, loop.next) : loop.approvers;
  const removable = (u: number) => openBy.has(u) || !handedOut.includes(u);
  const removing = [...new Set(input.userIds)].filter((u) => loop.approvers.includes(u));
  if (!removing.length || removing.some((u) => !removable(u))) {
    refuse('workflow.counterSignerSigned', 'only counter-signers who have not signed yet can be removed');
  }
  const remaining = loop.approvers.filter((u) => !removing.includes(u));
  if (!remaining.length) refuse('workflow.counterSignNeedsOne', 'a counter-sign keeps at least one counter-signer');
  for (const user of removing) {
    const open = openBy.get(user);
    const child = open && children.find((c) => c.id === open.executionId);
    if (child) await run.removeExecution(child);
  }
  const next = loop.approvers.slice(0, loop.next).filter((u) => !removing.includes(u)).length;
  const updated: LoopState = { approvers: remaining, next, approved: loop.approved };
  await run.history({ nodeId: node.id, event: 'operation', action: 'removeCounterSigner', comment: removing.join(',') });
  await engine.settleCounterSign(run, node, scope, updated, null);
}
