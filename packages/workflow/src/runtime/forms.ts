import type { Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import type { FlowNode } from '../definitions/model.ts';
import type { FieldPermission } from '../definitions/settings.ts';
import { refuse } from '../errors.ts';
import { wfTasks } from '../tables.ts';
import { mustBeActor } from './actors.ts';
import type { WorkflowEngine } from './engine.ts';

/*
 * Field permissions of a node's form binding, enforced where form data enter and leave a task:
 * a field the node marks `hidden` is never returned to that node's approver, and neither a
 * `hidden` nor a `readonly` field can be changed through it. Fields the binding does not list
 * are editable (the binding lists the exceptions).
 */

export function fieldPermission(node: FlowNode | undefined, name: string): FieldPermission {
  return node?.settings.form?.fields.find((f) => f.name === name)?.permission ?? 'edit';
}

/** The form data as the node's approver may see them: hidden fields removed. */
export function visibleData(node: FlowNode | undefined, data: Record<string, unknown>): Record<string, unknown> {
  const hidden = new Set((node?.settings.form?.fields ?? []).filter((f) => f.permission === 'hidden').map((f) => f.name));
  if (!hidden.size) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => !hidden.has(name)));
}

const hiddenAt = (node: FlowNode | undefined) => new Set((node?.settings.form?.fields ?? []).filter((f) => f.permission === 'hidden').map((f) => f.name));

/**
 * The form data as someone viewing the whole process may see them. The starter filled them in
 * and sees everything; an approver sees a field unless every node they worked at hides it (one
 * that showed it to them already did); someone who worked at no node (a carbon copy, a related
 * process) sees only what no node hides.
 */
export function visibleToViewer(
  nodes: Iterable<FlowNode>,
  data: Record<string, unknown>,
  viewer: { isStarter: boolean; nodeIds: readonly string[] },
): Record<string, unknown> {
  if (viewer.isStarter) return data;
  const all = [...nodes];
  const mine = all.filter((n) => viewer.nodeIds.includes(n.id));
  const sets = (mine.length ? mine : all).map(hiddenAt);
  // Hidden at every node of theirs; for one who worked at none, hidden anywhere.
  const candidates = new Set(sets.flatMap((set) => [...set]));
  const hidden = mine.length ? new Set([...candidates].filter((name) => sets.every((set) => set.has(name)))) : candidates;
  if (!hidden.size) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => !hidden.has(name)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Refuses a change of a read-only or hidden field of the node (sending its current value back
 * unchanged is allowed: a screen may post the whole form).
 */
export function assertWritable(node: FlowNode | undefined, current: Record<string, unknown>, incoming: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(incoming)) {
    const permission = fieldPermission(node, name);
    if (permission !== 'edit' && !same(current[name], value)) {
      refuse('workflow.fieldReadonly', `field ${name} is ${permission} at node ${node?.id}`, { field: name });
    }
  }
}

/** The open task, locked through its instance, for its approver only. */
async function ownOpenTask(engine: WorkflowEngine, tx: Tx, taskId: number, userId: number) {
  const locked = await engine.lockTask(tx, taskId);
  await mustBeActor(tx, locked.task, userId);
  const run = await engine.runOf(tx, locked.instance, userId, taskId);
  return { ...locked, run, node: run.model.nodes.get(locked.task.nodeId) };
}

/** Saves form data on an open task without completing it (spec "form-process"); marks the task touched. */
export async function saveTaskForm(
  engine: WorkflowEngine,
  tx: Tx,
  input: { taskId: number; userId: number; variables: Record<string, unknown> },
): Promise<void> {
  const { task, run, node } = await ownOpenTask(engine, tx, input.taskId, input.userId);
  assertWritable(node, await engine.variablesOf(tx, task.instanceId), input.variables);
  await run.setVariables(input.variables);
  await tx.update(wfTasks).set({ touched: true }).where(eq(wfTasks.id, task.id));
  await run.history({ nodeId: task.nodeId, event: 'operation', action: 'saveForm', taskId: task.id });
}

/** The approver signs the open task with a stamp without completing it; the history keeps the stamp. */
export async function signTask(engine: WorkflowEngine, tx: Tx, input: { taskId: number; userId: number; stamp: string; comment?: string }): Promise<void> {
  const { task, run } = await ownOpenTask(engine, tx, input.taskId, input.userId);
  await tx.update(wfTasks).set({ touched: true }).where(eq(wfTasks.id, task.id));
  await run.history({ nodeId: task.nodeId, event: 'operation', action: 'sign', taskId: task.id, stamp: input.stamp, comment: input.comment });
}
