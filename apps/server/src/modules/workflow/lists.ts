import type { Page, PageQuery } from '@macro/contract';
import type { InstanceRecord, TaskRecord } from '@macro/contract/workflow';
import type { Tx } from '@macro/store';
import { openTasksOf, candidatesOf, wfCarbonCopies, wfDefinitions, wfDrafts, wfInstances, wfTasks } from '@macro/workflow';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { containing, listPage } from '../../platform/list.ts';
import { userNamesOf } from '../users/public.ts';
import { statusOf } from './shared.ts';

/* The task and process lists: to do, done, started, circulated, drafts, the monitor. */

export const taskColumns = {
  task: wfTasks,
  title: wfInstances.title,
  instanceState: wfInstances.state,
};
export const toTask = (r: { task: typeof wfTasks.$inferSelect; title: string; instanceState: string }): TaskRecord => ({
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
export async function withCandidates<T extends { taskId: number }>(tx: Tx, tasks: T[]): Promise<(T & { candidateIds: number[] })[]> {
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
