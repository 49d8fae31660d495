import { type Language, type Page, type PageQuery, translate } from '@macro/contract';
import type {
  createProcessInput,
  draftInput,
  InstanceRecord,
  Scheme,
  schemeInput,
  schemeListQuery,
  schemeUpdate,
  TaskRecord,
  taskHandleInput,
} from '@macro/contract/workflow';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import {
  type Definition,
  type ProcessModel,
  deleteInstance,
  purgeInstance,
  rejectTargets,
  rejectTask,
  restoreInstance,
  saveDraft,
  startFromDraft,
  visibleData,
  visibleToViewer,
  WorkflowEngine,
  WorkflowError,
  actorOf,
  openTasksOf,
  candidatesOf,
  involvedWhere,
  mustBeActor,
  wfCarbonCopies,
  wfDefinitions,
  wfDrafts,
  wfInstances,
  wfTasks,
} from '@macro/workflow';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { checkedAgainstForm } from '../forms/public.ts';
import { verifyStampPassword } from '../stamps/public.ts';
import { stamps } from '../stamps/public.ts';
import { userNamesOf } from '../users/public.ts';
import { USER_STATUS, users } from '../identity/public.ts';
import { assertWorkflowCategory } from '../wfcategories/public.ts';
import { assertMayStart, startableBy } from './relations.ts';
import { delegatesPort, organisationResolver } from './resolver.ts';
import { servicePort } from './services.ts';
import { notificationPort } from './notify.ts';
import { reminderPort } from './reminders.ts';
import { templateEnabled } from './messages.ts';
import { wfSchemes } from './tables.ts';

const RESOURCE = 'workflow-scheme';
const SCHEME_NOT_FOUND = { message: 'workflow.templateNotFound' };
const NOT_FOUND_CODES = new Set([
  'workflow.taskNotFound',
  'workflow.instanceNotFound',
  'workflow.definitionNotFound',
  'workflow.draftNotFound',
  'workflow.messageNotFound',
]);
/** Refusals where the request matched more than one thing: the caller narrows it and asks again. */
const CONFLICT_CODES = new Set(['workflow.messageAmbiguous']);

/**
 * The engine's refusal as the API's: 404 for what does not exist, else 422, in the request's
 * language. A refused model lists every problem (the engine words them in English); its message
 * names the first and counts the rest.
 */
export function asAppError(error: unknown, language: Language): unknown {
  if (!(error instanceof WorkflowError)) return error;
  const status = NOT_FOUND_CODES.has(error.code) ? 404 : CONFLICT_CODES.has(error.code) ? 409 : 422;
  if (!error.problems.length) return new AppError(status, error.code, error.params);
  const problems = error.problems.map((p) => ({ elementType: p.elementType, elementId: p.elementId, code: p.code, message: lintText(language, p) }));
  const key = problems.length > 1 ? 'workflow.unsupportedMore' : error.code;
  return new AppError(status, key, { ...error.params, detail: problems[0].message, more: problems.length - 1 }, undefined, problems);
}

/** A lint problem in `language`; the engine's English when the messages lack its code. */
export function lintText(language: Language, problem: { code: string; params: Record<string, string>; message?: string }): string {
  const key = `workflow.lint${problem.code.charAt(0).toUpperCase()}${problem.code.slice(1)}`;
  const text = translate(language, key, problem.params);
  return text === key ? (problem.message ?? key) : text;
}

const engines = new WeakMap<object, WorkflowEngine>();
/**
 * One engine per database (it caches compiled definitions), with the organisation's resolver,
 * delegations, service tasks, reminders and the templates that may start on a message or signal.
 */
export function engineFor({ db, config, audit }: Pick<ModuleDeps, 'db' | 'config' | 'audit'>): WorkflowEngine {
  let engine = engines.get(db);
  if (!engine) {
    engine = new WorkflowEngine({
      resolver: organisationResolver,
      delegation: delegatesPort,
      services: servicePort(config, audit),
      reminders: reminderPort,
      notifications: notificationPort,
      startable: templateEnabled,
    });
    engines.set(db, engine);
  }
  return engine;
}

function paged<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, current: q.current, size: q.size, totalExact: true, nextCursor: null };
}
/** The approval state label: approving while the process runs, approved once it ended. */
const statusOf = (state: string) => (state === 'running' || state === 'suspended' ? 'approving' : state === 'completed' ? 'approved' : state);

// ---------------------------------------------------------------- templates

async function latestOf(tx: Tx, code: string): Promise<Pick<Definition, 'id' | 'version'> | undefined> {
  const [row] = await tx
    .select({ id: wfDefinitions.id, version: wfDefinitions.version })
    .from(wfDefinitions)
    .where(eq(wfDefinitions.key, code))
    .orderBy(desc(wfDefinitions.version))
    .limit(1);
  return row;
}

async function toScheme(tx: Tx, row: typeof wfSchemes.$inferSelect): Promise<Scheme> {
  const latest = await latestOf(tx, row.code);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    category: row.category,
    enabled: row.enabled,
    remark: row.remark,
    version: latest?.version ?? 0,
    definitionId: latest?.id ?? 0,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function listSchemes(tx: Tx, query: z.output<typeof schemeListQuery>): Promise<Page<Scheme>> {
  const where = and(
    query.name ? ilike(wfSchemes.name, containing(query.name)) : undefined,
    query.code ? ilike(wfSchemes.code, containing(query.code)) : undefined,
    query.category ? eq(wfSchemes.category, query.category) : undefined,
  );
  const rows = await tx
    .select()
    .from(wfSchemes)
    .where(where)
    .orderBy(desc(wfSchemes.id))
    .limit(query.size)
    .offset((query.current - 1) * query.size);
  const [{ n }] = await tx.select({ n: count() }).from(wfSchemes).where(where);
  return paged(await Promise.all(rows.map((r) => toScheme(tx, r))), Number(n), query);
}

export async function schemeInfo(tx: Tx, id: number) {
  const row = await findOr404(tx, wfSchemes, id, SCHEME_NOT_FOUND);
  const scheme = await toScheme(tx, row);
  const [definition] = await tx.select({ xml: wfDefinitions.xml }).from(wfDefinitions).where(eq(wfDefinitions.id, scheme.definitionId));
  return { ...scheme, xml: definition?.xml ?? '' };
}

export async function schemeHistory(tx: Tx, id: number) {
  const row = await findOr404(tx, wfSchemes, id, SCHEME_NOT_FOUND);
  const versions = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.key, row.code)).orderBy(desc(wfDefinitions.version));
  return versions.map((v) => ({ definitionId: v.id, version: v.version, name: v.name, createTime: v.createdAt.toISOString() }));
}

/** Creates a template and deploys its first version through the engine, in one transaction. */
export async function createScheme(ctx: Ctx, engine: WorkflowEngine, input: z.output<typeof schemeInput>): Promise<Scheme> {
  await assertWorkflowCategory(ctx.tx, input.category);
  const [taken] = await ctx.tx.select({ id: wfSchemes.id }).from(wfSchemes).where(eq(wfSchemes.code, input.code));
  if (taken) throw conflict('workflow.templateExists', { code: input.code });
  const row = await auditedInsert(ctx, wfSchemes, RESOURCE, { code: input.code, name: input.name, category: input.category, remark: input.remark });
  await engine.deploy(ctx.tx, { key: input.code, name: input.name, xml: input.xml });
  return toScheme(ctx.tx, row);
}

/** Changes a template and deploys its XML as the next version. */
export async function updateScheme(ctx: Ctx, engine: WorkflowEngine, input: z.output<typeof schemeUpdate>): Promise<Scheme> {
  const before = await findOr404(ctx.tx, wfSchemes, input.id, { ...SCHEME_NOT_FOUND, lock: true });
  await assertWorkflowCategory(ctx.tx, input.category);
  const row = await auditedUpdate(ctx, wfSchemes, RESOURCE, before, {
    name: input.name,
    category: input.category,
    remark: input.remark,
    updatedAt: new Date(),
  });
  await engine.deploy(ctx.tx, { key: before.code, name: input.name, xml: input.xml });
  return toScheme(ctx.tx, row);
}

export async function setSchemeEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<Scheme> {
  const before = await findOr404(ctx.tx, wfSchemes, id, { ...SCHEME_NOT_FOUND, lock: true });
  return toScheme(ctx.tx, await auditedUpdate(ctx, wfSchemes, RESOURCE, before, { enabled, updatedAt: new Date() }));
}

export async function removeScheme(ctx: Ctx, id: number): Promise<number> {
  const before = await findOr404(ctx.tx, wfSchemes, id, { ...SCHEME_NOT_FOUND, lock: true });
  await ctx.tx.delete(wfSchemes).where(eq(wfSchemes.id, id));
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource: RESOURCE, resourceId: id, before });
  return 1;
}

// ---------------------------------------------------------------- tasks

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

export async function createProcess(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof createProcessInput>) {
  let started: { instance: { id: number }; startTaskId: number };
  if (input.draftId) {
    const [draft] = await ctx.tx
      .select()
      .from(wfDrafts)
      .where(and(eq(wfDrafts.id, input.draftId), eq(wfDrafts.ownerId, userId)));
    if (!draft) throw notFound('workflow.draftNotFound');
    await startableScheme(ctx.tx, draft.definitionKey);
    await assertMayStart(ctx.tx, draft.definitionKey, userId);
    started = await startFromDraft(engine, ctx.tx, { draftId: input.draftId, ownerId: userId, designated: input.designated });
  } else {
    if (!input.code) throw unprocessable('workflow.startNeedsTemplate');
    const scheme = await startableScheme(ctx.tx, input.code);
    await assertMayStart(ctx.tx, scheme.code, userId);
    const model = await engine.modelOf(ctx.tx, (await engine.latestDefinition(ctx.tx, scheme.code)).id);
    await checkedAgainstForm(ctx.tx, model.nodes.get(model.startOf.get(model.id)!)?.settings.form?.formKey, {}, input.variables ?? {});
    started = await engine.start(ctx.tx, {
      definitionKey: scheme.code,
      starterId: userId,
      variables: input.variables,
      title: input.title || scheme.name,
      designated: input.designated,
    });
  }
  await audit(ctx, 'start', started.instance.id);
  return { instanceId: started.instance.id, taskId: started.startTaskId };
}

export async function handleTask(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof taskHandleInput>) {
  const [task] = await ctx.tx.select({ instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, input.taskId));
  if (!task) throw notFound('workflow.taskNotFound');
  if (input.action === 'reject') {
    if (!input.rejectTo) throw unprocessable('workflow.rejectNeedsNode');
    await rejectTask(engine, ctx.tx, { taskId: input.taskId, userId, target: input.rejectTo, comment: input.comment });
  } else {
    let stamp: string | undefined;
    if (input.stampId) {
      if (!input.stampPassword) throw unprocessable('workflow.stampPasswordRequired');
      await verifyStampPassword(ctx.tx, userId, input.stampId, input.stampPassword);
      const [row] = await ctx.tx.select({ name: stamps.stampName }).from(stamps).where(eq(stamps.id, input.stampId));
      stamp = row?.name;
    }
    if (input.variables && Object.keys(input.variables).length) {
      await assertHolds(ctx.tx, engine, userId, input.taskId);
      await checkTaskForm(ctx.tx, engine, task.instanceId, input.taskId, input.variables);
    }
    await engine.approve(ctx.tx, { taskId: input.taskId, userId, comment: input.comment, stamp, variables: input.variables, designated: input.designated });
  }
  await audit(ctx, input.action, task.instanceId, { taskId: input.taskId });
  return { done: true as const };
}

/** Form data sent with a task, checked with what the instance holds against the form its node binds. */
export async function checkTaskForm(tx: Tx, engine: WorkflowEngine, instanceId: number, taskId: number, variables: Record<string, unknown>) {
  const [task] = await tx.select({ nodeId: wfTasks.nodeId }).from(wfTasks).where(eq(wfTasks.id, taskId));
  const model = await engine.modelOf(tx, (await engine.instance(tx, instanceId)).definitionId);
  await checkedAgainstForm(tx, model.nodes.get(task.nodeId)?.settings.form?.formKey, await engine.variablesOf(tx, instanceId), variables);
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
  await deleteInstance(engine, ctx.tx, { instanceId: id, userId });
  await audit(ctx, 'recycle', id);
  return { done: true as const };
}

export async function restoreFromBin(ctx: Ctx, userId: number, id: number) {
  await ownInstance(ctx.tx, id, userId, true);
  await restoreInstance(ctx.tx, { instanceId: id });
  await audit(ctx, 'restore', id);
  return { done: true as const };
}

export async function purge(ctx: Ctx, userId: number, id: number) {
  await ownInstance(ctx.tx, id, userId, true);
  await purgeInstance(ctx.tx, { instanceId: id });
  await audit(ctx, 'delete', id);
  return { done: true as const };
}

export async function saveDraftOf(ctx: Ctx, userId: number, input: z.output<typeof draftInput>) {
  await startableScheme(ctx.tx, input.code);
  const row = await saveDraft(ctx.tx, { id: input.id, definitionKey: input.code, ownerId: userId, title: input.title, data: input.data });
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

// ---------------------------------------------------------------- lists

const taskColumns = {
  task: wfTasks,
  title: wfInstances.title,
  instanceState: wfInstances.state,
};
const toTask = (r: { task: typeof wfTasks.$inferSelect; title: string; instanceState: string }): TaskRecord => ({
  id: r.task.id,
  taskId: r.task.id,
  processInstanceId: r.task.instanceId,
  title: r.title,
  nodeId: r.task.nodeId,
  nodeName: r.task.nodeName,
  kind: r.task.kind,
  assigneeId: r.task.assigneeId,
  candidateIds: [],
  ownerId: r.task.ownerId,
  state: r.task.state,
  action: r.task.action,
  status: statusOf(r.instanceState),
  createTime: r.task.createdAt.toISOString(),
  dueTime: r.task.dueAt ? r.task.dueAt.toISOString() : null,
});

const at = (value: unknown) => new Date(value as string | Date).toISOString();
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const TASK_COLUMNS = sql`t.id, t.instance_id, t.node_id, t.node_name, t.kind, t.assignee_id, t.owner_id, t.state, t.action, t.created_at, t.due_at, i.title, i.state as instance_state`;
const taskFromSql = (r: Record<string, unknown>): TaskRecord => ({
  id: Number(r.id),
  taskId: Number(r.id),
  processInstanceId: Number(r.instance_id),
  title: String(r.title),
  nodeId: String(r.node_id),
  nodeName: String(r.node_name),
  kind: String(r.kind),
  assigneeId: num(r.assignee_id),
  candidateIds: [],
  ownerId: num(r.owner_id),
  state: String(r.state),
  action: r.action === null || r.action === undefined ? null : String(r.action),
  status: statusOf(String(r.instance_state)),
  createTime: at(r.created_at),
  dueTime: r.due_at === null || r.due_at === undefined ? null : at(r.due_at),
});

/**
 * Tasks (to-do or done) of the user, newest first, searchable by title or node name. Keyset
 * pages through the kit's list (`cursor`): the page walks (tenant, user, state, id) backwards
 * and stops after its rows, so it costs the same at 100k open tasks.
 */
export async function taskList(tx: Tx, mine: { matches?: SQL; where: SQL }, query: PageQuery & { keyword?: string }): Promise<Page<TaskRecord>> {
  const keyword = query.keyword ? sql`and (i.title ilike ${containing(query.keyword)} or t.node_name ilike ${containing(query.keyword)})` : sql``;
  const where = sql`${mine.where} and exists (select 1 from ${wfInstances} i where i.id = t.instance_id and i.deleted_at is null ${keyword})`;
  const page = await listPage(
    tx,
    {
      table: sql`${wfTasks}`,
      matches: mine.matches,
      where,
      order: ['id'],
      descending: true,
      columns: TASK_COLUMNS,
      joins: sql`join ${wfInstances} i on i.id = t.instance_id`,
      toRecord: taskFromSql,
    },
    query,
  );
  return { ...page, records: await withCandidates(tx, page.records) };
}

/** Tasks with the candidates of those an or-sign node gave to several (one read for the page). */
async function withCandidates<T extends { taskId: number }>(tx: Tx, tasks: T[]): Promise<(T & { candidateIds: number[] })[]> {
  const candidates = await candidatesOf(
    tx,
    tasks.map((t) => t.taskId),
  );
  return tasks.map((t) => ({ ...t, candidateIds: candidates.get(t.taskId) ?? [] }));
}

/** The open tasks `userId` may act on: held by them, or not yet taken and they a candidate. */
export const todoList = (tx: Tx, userId: number) => openTasksOf(tx, userId);
export const doneList = async (_tx: Tx, userId: number) => ({ where: sql`t.completed_by = ${userId} and t.state = 'completed'` });
export const startedWhere = (userId: number) => sql`t.starter_id = ${userId} and t.deleted_at is null`;
/** In the bin: not a called process that went there with its caller (the caller stands for both). */
export const binWhere = (userId: number) =>
  sql`t.starter_id = ${userId} and t.deleted_at is not null and not exists (select 1 from ${wfInstances} caller where caller.id = t.parent_instance_id and caller.deleted_at is not null)`;
export const finishedWhere = sql`t.state in ('completed', 'terminated') and t.deleted_at is null`;
export const unfinishedWhere = sql`t.state in ('running', 'suspended') and t.deleted_at is null`;

const INSTANCE_COLUMNS = sql`t.id, t.title, t.starter_id, t.state, t.started_at, t.ended_at, d.key as code, d.name, d.version`;
const instanceFromSql = (r: Record<string, unknown>): InstanceRecord => ({
  id: Number(r.id),
  processInstanceId: Number(r.id),
  title: String(r.title),
  code: String(r.code),
  name: String(r.name ?? ''),
  version: Number(r.version),
  starterId: Number(r.starter_id),
  starterName: '',
  state: String(r.state),
  status: statusOf(String(r.state)),
  startTime: at(r.started_at),
  endTime: r.ended_at === null || r.ended_at === undefined ? null : at(r.ended_at),
  currentNodes: [],
  currentApprovers: [],
});

/**
 * Names instead of ids on a page of instances: the starter's, and for each instance the nodes
 * with open tasks and who may act on them now (the holder, or an unclaimed task's candidates).
 * Two statements for the page, whatever its size.
 */
async function withPeople(tx: Tx, records: InstanceRecord[]): Promise<InstanceRecord[]> {
  if (!records.length) return records;
  const open = await tx
    .select({ id: wfTasks.id, instanceId: wfTasks.instanceId, nodeName: wfTasks.nodeName, assigneeId: wfTasks.assigneeId })
    .from(wfTasks)
    .where(
      and(
        inArray(
          wfTasks.instanceId,
          records.map((r) => r.processInstanceId),
        ),
        eq(wfTasks.state, 'open'),
      ),
    )
    .orderBy(wfTasks.id);
  const candidates = await candidatesOf(
    tx,
    open.filter((t) => t.assigneeId === null).map((t) => t.id),
  );
  const actorsOf = (t: (typeof open)[number]) => (t.assigneeId === null ? (candidates.get(t.id) ?? []) : [t.assigneeId]);
  const names = await userNamesOf(tx, [...records.map((r) => r.starterId), ...open.flatMap(actorsOf)]);
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
  return records.map((r) => {
    const mine = open.filter((t) => t.instanceId === r.processInstanceId);
    return {
      ...r,
      starterName: names.get(r.starterId) ?? '',
      currentNodes: unique(mine.map((t) => t.nodeName)),
      currentApprovers: unique(mine.flatMap(actorsOf).map((id) => names.get(id) ?? '')),
    };
  });
}

/** Instances matching `which` (on `t`), newest first, searchable by title. */
export async function instanceList(tx: Tx, which: SQL, query: PageQuery & { keyword?: string }): Promise<Page<InstanceRecord>> {
  const where = query.keyword ? sql`${which} and t.title ilike ${containing(query.keyword)}` : which;
  const page = await listPage(
    tx,
    {
      table: sql`${wfInstances}`,
      where,
      order: ['id'],
      descending: true,
      columns: INSTANCE_COLUMNS,
      joins: sql`join ${wfDefinitions} d on d.id = t.definition_id`,
      toRecord: instanceFromSql,
    },
    query,
  );
  return { ...page, records: await withPeople(tx, page.records) };
}

export async function circulations(tx: Tx, userId: number, query: PageQuery & { keyword?: string }) {
  const keyword = query.keyword ? sql`and i.title ilike ${containing(query.keyword)}` : sql``;
  return listPage(
    tx,
    {
      table: sql`${wfCarbonCopies}`,
      where: sql`t.user_id = ${userId} and exists (select 1 from ${wfInstances} i where i.id = t.instance_id and i.deleted_at is null ${keyword})`,
      order: ['id'],
      descending: true,
      columns: sql`t.id, t.instance_id, t.from_user_id, t.read_at, t.created_at, i.title`,
      joins: sql`join ${wfInstances} i on i.id = t.instance_id`,
      toRecord: (r) => ({
        id: Number(r.id),
        processInstanceId: Number(r.instance_id),
        title: String(r.title),
        fromUserId: Number(r.from_user_id),
        read: r.read_at !== null && r.read_at !== undefined,
        createTime: at(r.created_at),
      }),
    },
    query,
  );
}

export async function drafts(tx: Tx, userId: number, query: PageQuery & { keyword?: string }) {
  const keyword = query.keyword ? sql`and t.title ilike ${containing(query.keyword)}` : sql``;
  return listPage(
    tx,
    {
      table: sql`${wfDrafts}`,
      where: sql`t.owner_id = ${userId} ${keyword}`,
      order: ['id'],
      descending: true,
      columns: sql`t.id, t.definition_key, t.title, t.data, t.updated_at`,
      toRecord: (r) => ({
        id: Number(r.id),
        code: String(r.definition_key),
        title: String(r.title),
        data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
        updateTime: at(r.updated_at),
      }),
    },
    query,
  );
}

// ---------------------------------------------------------------- one instance

export async function historyOf(tx: Tx, engine: WorkflowEngine, instanceId: number) {
  const instance = await engine.instance(tx, instanceId);
  const model = await engine.modelOf(tx, instance.definitionId);
  const entries = await engine.history(tx, instanceId);
  const candidates = await candidatesOf(
    tx,
    entries.filter((h) => h.event === 'leave' && h.taskId !== null).map((h) => h.taskId!),
  );
  const names = await userNamesOf(tx, [...entries.flatMap((h) => [h.userId, h.targetUserId]), ...[...candidates.values()].flat()]);
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
  return entries.map((h) => ({
    id: h.id,
    nodeId: h.nodeId,
    nodeName: model.nodes.get(h.nodeId)?.name || h.nodeId,
    nodeKind: model.nodes.get(h.nodeId)?.kind ?? '',
    event: h.event,
    action: h.action,
    userId: h.userId,
    userName: nameOf(h.userId),
    candidateNames: h.event === 'leave' && h.taskId !== null ? (candidates.get(h.taskId) ?? []).map(nameOf) : [],
    targetName: nameOf(h.targetUserId),
    comment: h.comment,
    stamp: h.stamp,
    time: h.at.toISOString(),
  }));
}

export async function diagramOf(tx: Tx, engine: WorkflowEngine, instanceId: number) {
  const instance = await engine.instance(tx, instanceId);
  const [definition] = await tx.select({ xml: wfDefinitions.xml }).from(wfDefinitions).where(eq(wfDefinitions.id, instance.definitionId));
  return { xml: definition?.xml ?? '', ...(await engine.diagram(tx, instanceId)) };
}

export async function rejectTargetsOf(tx: Tx, engine: WorkflowEngine, userId: number, taskId: number) {
  const { task, instance } = await engine.lockTask(tx, taskId);
  const run = await engine.runOf(tx, instance, userId, task.id);
  return (await rejectTargets(run, task)).map((nodeId) => ({ nodeId, nodeName: run.model.nodes.get(nodeId)?.name ?? nodeId }));
}

export async function assigneesOf(tx: Tx, engine: WorkflowEngine, instanceId: number, state: 'open' | 'completed') {
  await engine.instance(tx, instanceId);
  const rows = await tx
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), inArray(wfTasks.state, [state])))
    .orderBy(wfTasks.id);
  const candidates = await candidatesOf(
    tx,
    rows.map((t) => t.id),
  );
  const holder = (t: (typeof rows)[number]) => (state === 'open' ? t.assigneeId : (t.completedBy ?? t.assigneeId));
  const names = await userNamesOf(tx, [...rows.map(holder), ...[...candidates.values()].flat()]);
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
  return rows.map((t) => ({
    taskId: t.id,
    nodeId: t.nodeId,
    nodeName: t.nodeName,
    userId: holder(t),
    userName: nameOf(holder(t)),
    candidateIds: candidates.get(t.id) ?? [],
    candidateNames: (candidates.get(t.id) ?? []).map(nameOf),
    state: t.state,
  }));
}

// ---------------------------------------------------------------- details

const toNode = (n: import('@macro/workflow').FlowNode) => ({
  id: n.id,
  name: n.name,
  kind: n.kind,
  counterSign: Boolean(n.multi),
  buttons: n.settings.buttons,
  rejectMode: n.settings.reject.mode,
  withdrawAllowed: n.settings.withdraw.allowed,
  formKey: n.settings.form?.formKey ?? null,
  fields: n.settings.form?.fields ?? [],
});

export async function schemeNodes(tx: Tx, engine: WorkflowEngine, id: number) {
  const scheme = await toScheme(tx, await findOr404(tx, wfSchemes, id, SCHEME_NOT_FOUND));
  if (!scheme.definitionId) return [];
  const model = await engine.modelOf(tx, scheme.definitionId);
  return [...model.nodes.values()].map(toNode);
}

export async function versionXmlOf(tx: Tx, definitionId: number) {
  const [v] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
  if (!v) throw notFound('workflow.definitionNotFound', { key: String(definitionId) });
  return { definitionId: v.id, version: v.version, name: v.name, createTime: v.createdAt.toISOString(), xml: v.xml };
}

async function instanceRecordOf(tx: Tx, instanceId: number): Promise<InstanceRecord> {
  const page = await instanceList(tx, sql`t.id = ${instanceId} and t.deleted_at is null`, { current: 1, size: 1 });
  const [record] = page.records;
  if (!record) throw notFound('workflow.instanceNotFound');
  return record;
}

/** A process as `viewerId` may see it: its form data less what the nodes hide from them (visibleToViewer). */
export async function processViewOf(tx: Tx, engine: WorkflowEngine, instanceId: number, viewerId: number) {
  const instance = await instanceRecordOf(tx, instanceId);
  const model = await engine.modelOf(tx, (await engine.instance(tx, instanceId)).definitionId);
  const worked = await tx
    .selectDistinct({ nodeId: wfTasks.nodeId })
    .from(wfTasks)
    .where(
      and(
        eq(wfTasks.instanceId, instanceId),
        or(eq(wfTasks.assigneeId, viewerId), eq(wfTasks.ownerId, viewerId), eq(wfTasks.completedBy, viewerId), actorOf(viewerId)),
      ),
    );
  const variables = visibleToViewer(model.nodes.values(), await engine.variablesOf(tx, instanceId), {
    isStarter: instance.starterId === viewerId,
    nodeIds: worked.map((w) => w.nodeId),
  });
  return { instance, formKey: startFormKeyOf(model), variables, openTasks: await assigneesOf(tx, engine, instanceId, 'open') };
}

/** The form bound on the process's start node: where its data were entered. */
const startFormKeyOf = (model: ProcessModel) => model.nodes.get(model.startOf.get(model.id) ?? '')?.settings.form?.formKey || null;

/** A task for whoever holds it, handled it or started its process; 404 for anyone else. */
export async function taskDetailOf(tx: Tx, engine: WorkflowEngine, userId: number, taskId: number) {
  const [row] = await tx
    .select(taskColumns)
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(
      and(
        eq(wfTasks.id, taskId),
        isNull(wfInstances.deletedAt),
        or(eq(wfTasks.assigneeId, userId), eq(wfTasks.ownerId, userId), eq(wfTasks.completedBy, userId), eq(wfInstances.starterId, userId), actorOf(userId)),
      ),
    );
  if (!row) throw notFound('workflow.taskNotFound');
  const instance = await engine.instance(tx, row.task.instanceId);
  const model = await engine.modelOf(tx, instance.definitionId);
  const node = model.nodes.get(row.task.nodeId);
  return {
    task: (await withCandidates(tx, [toTask(row)]))[0],
    node: node ? toNode(node) : toNode({ id: row.task.nodeId, name: row.task.nodeName, kind: 'userTask', settings: EMPTY_SETTINGS } as never),
    // What the node hides is not shown through its task.
    variables: visibleData(node, await engine.variablesOf(tx, row.task.instanceId)),
    startFormKey: startFormKeyOf(model),
  };
}

const EMPTY_SETTINGS = { buttons: [], reject: { mode: 'none', nodes: [] }, withdraw: { allowed: false } };

export async function circulationOf(tx: Tx, engine: WorkflowEngine, userId: number, id: number) {
  const [cc] = await tx
    .select()
    .from(wfCarbonCopies)
    .where(and(eq(wfCarbonCopies.id, id), eq(wfCarbonCopies.userId, userId)));
  if (!cc) throw notFound('workflow.ccNotFound');
  return processViewOf(tx, engine, cc.instanceId, userId);
}

/** Enabled templates one can start from. */
export async function startableSchemes(tx: Tx, userId: number, query: PageQuery & { keyword?: string }): Promise<Page<Scheme>> {
  const where = and(eq(wfSchemes.enabled, true), startableBy(userId), query.keyword ? ilike(wfSchemes.name, containing(query.keyword)) : undefined);
  const rows = await tx
    .select()
    .from(wfSchemes)
    .where(where)
    .orderBy(desc(wfSchemes.id))
    .limit(query.size)
    .offset((query.current - 1) * query.size);
  const [{ n }] = await tx.select({ n: count() }).from(wfSchemes).where(where);
  return paged(await Promise.all(rows.map((r) => toScheme(tx, r))), Number(n), query);
}

/**
 * Who may read an instance through the task centre: its initiator, anyone who holds, held or
 * handled one of its tasks, and those it was circulated to. Others get 404, as if it did not exist.
 */
export async function assertParticipant(tx: Tx, userId: number, instanceId: number): Promise<void> {
  const [row] = rowsOf(
    await tx.execute(sql`select 1 as ok where
      exists (select 1 from ${wfInstances} i where i.id = ${instanceId} and i.starter_id = ${userId})
      or exists (select 1 from ${wfTasks} t where t.instance_id = ${instanceId} and ${involvedWhere(userId)})
      or exists (select 1 from ${wfCarbonCopies} c where c.instance_id = ${instanceId} and c.user_id = ${userId})`),
  );
  if (!row) throw notFound('workflow.instanceNotFound');
}

/** Refuses user ids that are not enabled users of the tenant (422): a task never goes to a stranger. */
export async function assertUsers(tx: Tx, userIds: readonly number[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, USER_STATUS.enabled)));
  if (found.length !== unique.length) throw unprocessable('workflow.userMissing');
}

/**
 * Counter-signers and form data are changed only by one who holds an open task of that node. The
 * task is judged by the engine (its instance first: an ended or suspended one says so).
 */
export async function assertHolds(tx: Tx, engine: WorkflowEngine, userId: number, taskId: number): Promise<void> {
  const { task } = await engine.lockTask(tx, taskId);
  await mustBeActor(tx, task, userId);
}
