import type { Page, PageQuery } from '@macro/contract';
import type { InstanceRecord, Scheme } from '@macro/contract/workflow';
import { rowsOf, type Tx } from '@macro/store';
import {
  type ProcessModel,
  visibleData,
  visibleToViewer,
  type WorkflowEngine,
  actorOf,
  candidatesOf,
  involvedWhere,
  mustBeActor,
  wfCarbonCopies,
  wfDefinitions,
  wfInstances,
  wfTasks,
} from '@macro/workflow';
import { and, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { findOr404 } from '../../platform/crud.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { containing } from '../../platform/list.ts';
import { userNamesOf } from '../users/public.ts';
import { USER_STATUS, users } from '../identity/public.ts';
import { startableBy } from './relations.ts';
import { wfSchemes } from './tables.ts';
import { withCandidates } from './lists.ts';
import { schemePage, toScheme } from './templates.ts';
import { instanceList } from './lists.ts';
import { SCHEME_NOT_FOUND } from './shared.ts';
import { taskColumns } from './lists.ts';
import { toTask } from './lists.ts';

/* One process and one template seen whole: history, diagram, assignees, views and details. */

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
  return engine.rejectTargets(tx, { taskId, userId });
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
  return schemePage(tx, where, query);
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
