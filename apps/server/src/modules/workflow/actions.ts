import type { createProcessInput, draftInput, reinitiateInput, taskHandleInput } from '@macro/contract/workflow';
import type { Ctx, Tx } from '@macro/store';
import { type WorkflowEngine, wfDrafts, wfInstances, wfTasks } from '@macro/workflow';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { DataSourceReader } from '../datasources/public.ts';
import { checkedAgainstForm } from '../forms/public.ts';
import { verifyStampPassword } from '../stamps/public.ts';
import { stamps } from '../stamps/public.ts';
import { assertMayStart } from './relations.ts';
import { wfSchemes } from './tables.ts';
import { assertHolds } from './instance.ts';

/* What people do to processes: start, handle a task, the recycle bin, drafts. */

async function audit(ctx: Ctx, action: string, resourceId: number, after?: unknown) {
  await ctx.audit.record(ctx.tx, ctx.actor, { action, resource: 'workflow-instance', resourceId, after });
}

/** The template by number, refused when missing (404) or disabled (422). */
async function startableScheme(tx: Tx, code: string) {
  const [row] = await tx.select().from(wfSchemes).where(eq(wfSchemes.code, code));
  if (!row) throw notFound('workflow.templateNotFound');
  if (!row.enabled) throw unprocessable('workflow.templateDisabled', { name: row.name });
  return row;
}

/**
 * Form data a process starts with, checked against the form the start node of the template's
 * latest version binds; answers the data to start with (its auto numbers given).
 */
async function checkStartForm(ctx: Ctx, engine: WorkflowEngine, sources: DataSourceReader, code: string, variables: Record<string, unknown>) {
  const model = await engine.modelOf(ctx.tx, (await engine.latestDefinition(ctx.tx, code)).id);
  return checkedAgainstForm(ctx, sources, model.nodes.get(model.startOf.get(model.id)!)?.settings.form?.formKey, {}, variables);
}

export async function createProcess(ctx: Ctx, engine: WorkflowEngine, sources: DataSourceReader, userId: number, input: z.output<typeof createProcessInput>) {
  let started: { instance: { id: number }; startTaskId: number };
  if (input.draftId) {
    const [draft] = await ctx.tx
      .select()
      .from(wfDrafts)
      .where(and(eq(wfDrafts.id, input.draftId), eq(wfDrafts.ownerId, userId)));
    if (!draft) throw notFound('workflow.draftNotFound');
    await startableScheme(ctx.tx, draft.definitionKey);
    await assertMayStart(ctx.tx, draft.definitionKey, userId);
    // A draft is kept as it was typed; it is checked when it starts, as any start is.
    const data = (draft.data ?? {}) as Record<string, unknown>;
    const checked = await checkStartForm(ctx, engine, sources, draft.definitionKey, data);
    // The draft starts with what the check gave it (its auto numbers).
    if (checked !== data) await ctx.tx.update(wfDrafts).set({ data: checked }).where(eq(wfDrafts.id, draft.id));
    started = await engine.startFromDraft(ctx.tx, { draftId: input.draftId, ownerId: userId, designated: input.designated });
  } else {
    if (!input.code) throw unprocessable('workflow.startNeedsTemplate');
    const scheme = await startableScheme(ctx.tx, input.code);
    await assertMayStart(ctx.tx, scheme.code, userId);
    const variables = await checkStartForm(ctx, engine, sources, scheme.code, input.variables ?? {});
    started = await engine.start(ctx.tx, {
      definitionKey: scheme.code,
      starterId: userId,
      variables,
      title: input.title || scheme.name,
      designated: input.designated,
    });
  }
  await audit(ctx, 'start', started.instance.id);
  return { instanceId: started.instance.id, taskId: started.startTaskId };
}

export async function handleTask(ctx: Ctx, engine: WorkflowEngine, sources: DataSourceReader, userId: number, input: z.output<typeof taskHandleInput>) {
  const [task] = await ctx.tx.select({ instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, input.taskId));
  if (!task) throw notFound('workflow.taskNotFound');
  if (input.action === 'reject') {
    if (!input.rejectTo) throw unprocessable('workflow.rejectNeedsNode');
    await engine.reject(ctx.tx, { taskId: input.taskId, userId, target: input.rejectTo, comment: input.comment });
  } else {
    let stamp: string | undefined;
    if (input.stampId) {
      if (!input.stampPassword) throw unprocessable('workflow.stampPasswordRequired');
      await verifyStampPassword(ctx.tx, userId, input.stampId, input.stampPassword);
      const [row] = await ctx.tx.select({ name: stamps.stampName }).from(stamps).where(eq(stamps.id, input.stampId));
      stamp = row?.name;
    }
    let variables = input.variables;
    if (variables && Object.keys(variables).length) {
      await assertHolds(ctx.tx, engine, userId, input.taskId);
      variables = await checkTaskForm(ctx, engine, sources, input.taskId, variables);
    }
    await engine.approve(ctx.tx, { taskId: input.taskId, userId, comment: input.comment, stamp, variables, designated: input.designated });
  }
  await audit(ctx, input.action, task.instanceId, { taskId: input.taskId });
  return { done: true as const };
}

/** The initiator submits the start task again after a rejection back to it; changed form data are checked as a task's are. */
export async function reinitiate(ctx: Ctx, engine: WorkflowEngine, sources: DataSourceReader, userId: number, input: z.output<typeof reinitiateInput>) {
  let variables = input.variables;
  if (variables && Object.keys(variables).length) {
    await assertHolds(ctx.tx, engine, userId, input.taskId);
    variables = await checkTaskForm(ctx, engine, sources, input.taskId, variables);
  }
  await engine.approve(ctx.tx, { taskId: input.taskId, userId, comment: input.comment, variables, designated: input.designated });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'reinitiate', resource: 'workflow-task', resourceId: input.taskId });
  return { done: true as const };
}

/**
 * Form data sent with an existing task, checked with what its instance holds against the form its
 * node binds; answers the data to keep (auto numbers as the instance holds them, or given now).
 */
export async function checkTaskForm(ctx: Ctx, engine: WorkflowEngine, sources: DataSourceReader, taskId: number, variables: Record<string, unknown>) {
  const { tx } = ctx;
  const [task] = await tx.select({ nodeId: wfTasks.nodeId, instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, taskId));
  const model = await engine.modelOf(tx, (await engine.instance(tx, task.instanceId)).definitionId);
  return checkedAgainstForm(ctx, sources, model.nodes.get(task.nodeId)?.settings.form?.formKey, await engine.variablesOf(tx, task.instanceId), variables);
}

/** The instance, only for its starter (404 for anyone else). */
async function ownInstance(tx: Tx, id: number, userId: number, inBin?: boolean) {
  const [row] = await tx
    .select()
    .from(wfInstances)
    .where(
      and(
        eq(wfInstances.id, id),
        eq(wfInstances.starterId, userId),
        inBin === undefined ? undefined : inBin ? isNotNull(wfInstances.deletedAt) : isNull(wfInstances.deletedAt),
      ),
    );
  if (!row) throw notFound('workflow.instanceNotFound');
  return row;
}

export async function toRecycleBin(ctx: Ctx, engine: WorkflowEngine, userId: number, id: number) {
  await ownInstance(ctx.tx, id, userId, false);
  await engine.deleteInstance(ctx.tx, { instanceId: id, userId });
  await audit(ctx, 'recycle', id);
  return { done: true as const };
}

export async function restoreFromBin(ctx: Ctx, engine: WorkflowEngine, userId: number, id: number) {
  await ownInstance(ctx.tx, id, userId, true);
  await engine.restoreInstance(ctx.tx, { instanceId: id });
  await audit(ctx, 'restore', id);
  return { done: true as const };
}

export async function purge(ctx: Ctx, engine: WorkflowEngine, userId: number, id: number) {
  await ownInstance(ctx.tx, id, userId, true);
  await engine.purgeInstance(ctx.tx, { instanceId: id });
  await audit(ctx, 'delete', id);
  return { done: true as const };
}

export async function saveDraftOf(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof draftInput>) {
  await startableScheme(ctx.tx, input.code);
  const row = await engine.saveDraft(ctx.tx, { id: input.id, definitionKey: input.code, ownerId: userId, title: input.title, data: input.data });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: input.id ? 'update' : 'create', resource: 'workflow-draft', resourceId: row.id });
  return toDraft(row);
}

export const toDraft = (row: typeof wfDrafts.$inferSelect) => ({
  id: row.id,
  code: row.definitionKey,
  title: row.title,
  data: row.data as Record<string, unknown>,
  updateTime: row.updatedAt.toISOString(),
});
