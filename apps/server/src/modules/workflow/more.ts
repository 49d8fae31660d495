import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Language, type Page, type PageQuery, translate } from '@macro/contract';
import type { InstanceRecord, publicCreateInput, startLinkInput } from '@macro/contract/workflow';
import { type AuditPort, type Ctx, type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { actorsOfOpenTasks, candidatesOf, refuse, visibleData, WorkflowEngine, wfDefinitions, wfInstances, wfTasks } from '@macro/workflow';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { findOr404 } from '../../platform/crud.ts';
import { AppError, notFound, unauthorized, unprocessable } from '../../platform/errors.ts';
import type { Annex } from '@macro/contract/forms';
import type { DataSourceReader } from '../datasources/public.ts';
import { annexesByIds, fileFieldsOf } from '../forms/public.ts';
import { fromFormText, resolveForm } from '../forms/public.ts';
import { verifyStampPassword } from '../stamps/public.ts';
import { stamps } from '../stamps/public.ts';
import { usersByIds } from '../users/public.ts';
import { USER_STATUS, users } from '../identity/public.ts';
import { asAppError } from './shared.ts';
import { assertHolds, assertParticipant, processViewOf } from './instance.ts';
import { checkTaskForm, createProcess } from './actions.ts';
import { instanceList } from './lists.ts';
import { wfSchemes, wfStartLinks } from './tables.ts';

/*
 * The task-centre calls around forms (field permissions), signatures, related processes and
 * start links, and the template sub-paths about a template's instances.
 */

const fieldsOf = (node: { settings: { form?: { formKey: string; fields: { name: string; permission: string }[] } } } | undefined) => ({
  formKey: node?.settings.form?.formKey || null,
  fields: node?.settings.form?.fields ?? [],
});

/** The task, for its approver, the one who handled it or the initiator (404 otherwise). */
async function visibleTask(tx: Tx, userId: number, taskId: number) {
  const [row] = await tx
    .select({ task: wfTasks, starterId: wfInstances.starterId, definitionId: wfInstances.definitionId })
    .from(wfTasks)
    .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(and(eq(wfTasks.id, taskId), sql`${wfInstances.deletedAt} is null`));
  const { task } = row ?? {};
  if (!row || !task) throw notFound('workflow.taskNotFound');
  if (
    ![task.assigneeId, task.ownerId, task.completedBy, row.starterId].includes(userId) &&
    !(await candidatesOf(tx, [task.id])).get(task.id)?.includes(userId)
  ) {
    throw notFound('workflow.taskNotFound');
  }
  return row;
}

/** The form of a task through its node's binding: hidden fields are not returned. */
export async function taskFormOf(tx: Tx, engine: WorkflowEngine, userId: number, taskId: number) {
  const { task, definitionId } = await visibleTask(tx, userId, taskId);
  const node = (await engine.modelOf(tx, definitionId)).nodes.get(task.nodeId);
  return {
    taskId: task.id,
    processInstanceId: task.instanceId,
    nodeId: task.nodeId,
    nodeName: task.nodeName,
    ...fieldsOf(node),
    data: visibleData(node, await engine.variablesOf(tx, task.instanceId)),
  };
}

export async function saveFormOf(
  ctx: Ctx,
  engine: WorkflowEngine,
  sources: DataSourceReader,
  userId: number,
  input: { taskId: number; variables: Record<string, unknown> },
) {
  const [task] = await ctx.tx.select({ instanceId: wfTasks.instanceId }).from(wfTasks).where(eq(wfTasks.id, input.taskId));
  let variables = input.variables;
  if (task) {
    await assertHolds(ctx.tx, engine, userId, input.taskId);
    variables = await checkTaskForm(ctx, engine, sources, input.taskId, variables);
  }
  await engine.saveTaskForm(ctx.tx, { taskId: input.taskId, userId, variables });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'saveForm', resource: 'workflow-task', resourceId: input.taskId, after: Object.keys(input.variables) });
  return { done: true as const };
}

/** The start node's form binding of the latest version of an enabled template. */
export async function startFormOf(tx: Tx, engine: WorkflowEngine, code: string) {
  const [scheme] = await tx.select().from(wfSchemes).where(eq(wfSchemes.code, code));
  if (!scheme) throw notFound('workflow.templateNotFound');
  if (!scheme.enabled) throw unprocessable('workflow.templateDisabled', { name: scheme.name });
  const definition = await engine.latestDefinition(tx, code);
  const model = await engine.modelOf(tx, definition.id);
  const startId = model.startOf.get(model.id)!;
  return { code, name: scheme.name, definitionId: definition.id, nodeId: startId, ...fieldsOf(model.nodes.get(startId)) };
}

export async function signOf(ctx: Ctx, engine: WorkflowEngine, userId: number, input: { taskId: number; stampId: number; password: string; comment: string }) {
  await verifyStampPassword(ctx.tx, userId, input.stampId, input.password);
  const [stamp] = await ctx.tx.select({ name: stamps.stampName }).from(stamps).where(eq(stamps.id, input.stampId));
  await engine.sign(ctx.tx, { taskId: input.taskId, userId, stamp: stamp?.name ?? String(input.stampId), comment: input.comment || undefined });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'sign', resource: 'workflow-task', resourceId: input.taskId, after: { stampId: input.stampId } });
  return { done: true as const };
}

// ---------------------------------------------------------------- related processes

const statusOf = (state: string) => (state === 'running' || state === 'suspended' ? 'approving' : state === 'completed' ? 'approved' : state);

/** The parent (the process whose call activity started it) and the children (processes it called). */
async function relatedOf(tx: Tx, instanceId: number) {
  const [self] = await tx.select({ parent: wfInstances.parentInstanceId }).from(wfInstances).where(eq(wfInstances.id, instanceId));
  if (!self) throw notFound('workflow.instanceNotFound');
  const rows = await tx
    .select()
    .from(wfInstances)
    .where(sql`${wfInstances.deletedAt} is null and (${wfInstances.parentInstanceId} = ${instanceId} or ${wfInstances.id} = ${self.parent ?? 0})`)
    .orderBy(wfInstances.id);
  return rows.map((r) => ({
    processInstanceId: r.id,
    title: r.title,
    relation: r.id === self.parent ? ('parent' as const) : ('child' as const),
    state: r.state,
    status: statusOf(r.state),
    startTime: r.startedAt.toISOString(),
  }));
}

export async function relatedInstances(tx: Tx, userId: number, instanceId: number) {
  await assertParticipant(tx, userId, instanceId);
  return relatedOf(tx, instanceId);
}

export async function relatedInstanceInfo(tx: Tx, engine: WorkflowEngine, userId: number, instanceId: number, relatedId: number) {
  await assertParticipant(tx, userId, instanceId);
  if (!(await relatedOf(tx, instanceId)).some((r) => r.processInstanceId === relatedId)) throw notFound('workflow.instanceNotFound');
  return processViewOf(tx, engine, relatedId, userId);
}

// ---------------------------------------------------------------- files of a process

/**
 * The annexes in the file fields of the forms the process's nodes bind (a form that no longer
 * exists binds nothing), for a participant.
 */
export async function processAttachments(tx: Tx, engine: WorkflowEngine, userId: number, instanceId: number): Promise<Annex[]> {
  await assertParticipant(tx, userId, instanceId);
  const instance = await engine.instance(tx, instanceId);
  const model = await engine.modelOf(tx, instance.definitionId);
  const keys = [...new Set([...model.nodes.values()].flatMap((node) => node.settings?.form?.formKey || []))];
  const names = new Set<string>();
  for (const key of keys) {
    const form = await resolveForm(tx, key).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    for (const name of form ? fileFieldsOf(form.document) : []) names.add(name);
  }
  if (!names.size) return [];
  const variables = await engine.variablesOf(tx, instanceId);
  const ids = [...names].flatMap((name) =>
    Array.isArray(variables[name]) ? (variables[name] as unknown[]).filter((v): v is string => typeof v === 'string') : [],
  );
  return annexesByIds(tx, ids);
}

/** One of the process's files (404 when it is not one of them). */
export async function processAnnex(tx: Tx, engine: WorkflowEngine, userId: number, instanceId: number, annexId: string): Promise<Annex> {
  const found = (await processAttachments(tx, engine, userId, instanceId)).find((a) => a.id === annexId);
  if (!found) throw notFound('forms.annexMissing');
  return found;
}

// ---------------------------------------------------------------- start links

const LINK_PATH = '/api/nwfschemeinfo/createProcess';
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * A link token: `<tenant, base64url>.<link id>.<secret>`. The secret is 32 random bytes; the
 * row keeps only its SHA-256, so the table alone cannot start anything.
 */
export async function issueStartLink(ctx: Ctx, userId: number, input: z.output<typeof startLinkInput>) {
  const [scheme] = await ctx.tx.select().from(wfSchemes).where(eq(wfSchemes.code, input.code));
  if (!scheme) throw notFound('workflow.templateNotFound');
  if (!scheme.enabled) throw unprocessable('workflow.templateDisabled', { name: scheme.name });
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.expiresInMinutes * 60_000);
  const [row] = await ctx.tx
    .insert(wfStartLinks)
    .values({ code: input.code, title: input.title, issuerId: userId, secretHash: sha256(secret).toString('hex'), expiresAt })
    .returning({ id: wfStartLinks.id });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'create', resource: 'workflow-start-link', resourceId: row.id, after: { code: input.code, expiresAt } });
  const tenant = Buffer.from(ctx.actor.tenantId).toString('base64url');
  return { token: `${tenant}.${row.id}.${secret}`, path: LINK_PATH, expiresAt: expiresAt.toISOString() };
}

function parseToken(token: string): { tenantId: string; id: number; secret: string } {
  const [tenant, id, secret, ...rest] = token.split('.');
  const linkId = Number(id);
  if (rest.length || !tenant || !secret || !Number.isSafeInteger(linkId) || linkId < 1 || secret.length !== 43) throw unauthorized('workflow.linkInvalid');
  return { tenantId: Buffer.from(tenant, 'base64url').toString('utf8'), id: linkId, secret };
}

/**
 * Starts the link's template as its issuer, once: the link row is locked, checked (secret,
 * expiry, unused) and marked used in the transaction that starts the process, so two posts of
 * one link start one process. Every refusal is the same 401 but for a used link.
 */
export async function createFromLink(
  db: Db,
  audit: AuditPort,
  engine: WorkflowEngine,
  sources: DataSourceReader,
  actor: { ip: string; language: Ctx['actor']['language'] },
  body: z.output<typeof publicCreateInput>,
) {
  const { token, ...fields } = body as Record<string, string>;
  const parsed = parseToken(token);
  if (!/^[\w-]{1,64}$/.test(parsed.tenantId)) throw unauthorized('workflow.linkInvalid');
  return withTenant(db, parsed.tenantId, async (tx) => {
    const [link] = await tx.select().from(wfStartLinks).where(eq(wfStartLinks.id, parsed.id)).for('update');
    const given = sha256(parsed.secret);
    if (!link || !timingSafeEqual(given, Buffer.from(link.secretHash, 'hex'))) throw unauthorized('workflow.linkInvalid');
    if (link.usedAt) throw unauthorized('workflow.linkUsed');
    if (link.expiresAt.getTime() <= Date.now()) throw unauthorized('workflow.linkInvalid');
    const [issuer] = rowsOf<{ account: string }>(
      await tx.execute(sql`select account from ${users} where id = ${link.issuerId} and status = ${USER_STATUS.enabled}`),
    );
    if (!issuer) throw unauthorized('workflow.linkInvalid');
    const ctx: Ctx = {
      tx,
      audit,
      actor: { tenantId: parsed.tenantId, userId: link.issuerId, account: issuer.account, ip: actor.ip, language: actor.language },
    };
    // An HTML form posts text: read it as the start form's types before it is checked.
    const variables = await fromFormText(tx, (await startFormOf(tx, engine, link.code)).formKey, fields);
    const started = await createProcess(ctx, engine, sources, link.issuerId, {
      code: link.code,
      title: link.title,
      variables,
      draftId: undefined,
      designated: undefined,
    });
    await tx.update(wfStartLinks).set({ usedAt: new Date(), instanceId: started.instanceId }).where(eq(wfStartLinks.id, link.id));
    return started;
  });
}

// ---------------------------------------------------------------- a template's instances

const ofScheme = (code: string) => sql`t.definition_id in (select d2.id from ${wfDefinitions} d2 where d2.key = ${code})`;

async function schemeCode(tx: Tx, modelId: number) {
  return (await findOr404(tx, wfSchemes, modelId, { message: 'workflow.templateNotFound' })).code;
}

export async function schemeResourceOf(tx: Tx, engine: WorkflowEngine, modelId: number) {
  const code = await schemeCode(tx, modelId);
  const latest = await engine.latestDefinition(tx, code).catch(() => refuse('workflow.templateNotFound', `no version of ${code}`));
  const [row] = await tx.select({ xml: wfDefinitions.xml }).from(wfDefinitions).where(eq(wfDefinitions.id, latest.id));
  return { fileName: `${code}.bpmn20.xml`, definitionId: latest.id, version: latest.version, xml: row.xml };
}

export async function schemeInstances(
  tx: Tx,
  modelId: number,
  which: 'running' | 'finished',
  query: PageQuery & { keyword?: string },
): Promise<Page<InstanceRecord>> {
  const code = await schemeCode(tx, modelId);
  const states = which === 'running' ? sql`t.state in ('running', 'suspended')` : sql`t.state in ('completed', 'terminated')`;
  return instanceList(tx, sql`${ofScheme(code)} and ${states} and t.deleted_at is null`, query);
}

export async function schemeRelationInfoOf(tx: Tx, modelId: number) {
  const code = await schemeCode(tx, modelId);
  const rows = rowsOf<{ definition_id: number; version: number; state: string; n: number }>(
    await tx.execute(sql`select d.id as definition_id, d.version, i.state, count(*)::int as n
      from ${wfDefinitions} d join ${wfInstances} i on i.definition_id = d.id and i.deleted_at is null
      where d.key = ${code} group by d.id, d.version, i.state order by d.version desc`),
  );
  const sum = (states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((n, r) => n + Number(r.n), 0);
  const versions = new Map<number, { definitionId: number; version: number; running: number }>();
  for (const r of rows) {
    const entry = versions.get(Number(r.definition_id)) ?? { definitionId: Number(r.definition_id), version: Number(r.version), running: 0 };
    if (r.state === 'running' || r.state === 'suspended') entry.running += Number(r.n);
    versions.set(entry.definitionId, entry);
  }
  return { running: sum(['running']), suspended: sum(['suspended']), finished: sum(['completed', 'terminated']), versions: [...versions.values()] };
}

export async function validateSchemeRelation(tx: Tx, modelId: number) {
  const info = await schemeRelationInfoOf(tx, modelId);
  const running = info.running + info.suspended;
  return { removable: running === 0, running };
}

// ---------------------------------------------------------------- simulation

/** Thrown to roll the simulation's savepoint back once its findings are read. */
class SimulationDone extends Error {}

const MAX_SIMULATED_STEPS = 50;

/**
 * Runs a template on sample data with the real engine inside a savepoint that is always rolled
 * back: deployed under a throw-away key, started by the caller, each open task approved by one
 * who may act on it until the process ends, stops, or takes too many steps. Service tasks are
 * not called (nothing reaches another system): each counts as succeeded with no data, and a
 * warning names it.
 */
export async function simulate(ctx: Ctx, live: WorkflowEngine, userId: number, language: Language, input: { xml: string; variables: Record<string, unknown> }) {
  const steps: { nodeId: string; nodeName: string; approvers: { id: number; name: string }[] }[] = [];
  const warnings: string[] = [];
  let ended = false;
  const say = (error: unknown): string => {
    const known = asAppError(error, language);
    if (known instanceof AppError) return translate(language, known.key, known.params);
    throw error;
  };
  // Nothing leaves the savepoint: service tasks are not called (each says so), as if they succeeded with no data.
  const skipped = new Set<string>();
  const engine = new WorkflowEngine({
    ...live.options,
    services: {
      invoke: async (_tx, call) => {
        skipped.add(call.nodeId);
        return undefined;
      },
    },
  });
  await ctx.tx
    .transaction(async (sp) => {
      const key = `__simulation_${randomBytes(6).toString('hex')}`;
      await engine.deploy(sp, { key, name: key, xml: input.xml });
      let instanceId: number;
      try {
        instanceId = (await engine.start(sp, { definitionKey: key, starterId: userId, variables: input.variables, title: key })).instance.id;
      } catch (error) {
        warnings.push(say(error));
        throw new SimulationDone();
      }
      for (let step = 0; step < MAX_SIMULATED_STEPS; step++) {
        const open = await engine.openTasks(sp, instanceId);
        if (!open.length) {
          ended = (await engine.instance(sp, instanceId)).state === 'completed';
          if (!ended) warnings.push(translate(language, 'workflow.simulationStuck'));
          throw new SimulationDone();
        }
        const node = open[0];
        const atNode = open.filter((t) => t.nodeId === node.nodeId);
        const actors = await actorsOfOpenTasks(sp, instanceId);
        const people = await usersByIds(sp, [...new Set(atNode.flatMap((t) => actors.get(t.id) ?? []))]);
        steps.push({ nodeId: node.nodeId, nodeName: node.nodeName || node.nodeId, approvers: people.map((u) => ({ id: u.id, name: u.name })) });
        try {
          for (const task of atNode) await engine.approve(sp, { taskId: task.id, userId: actors.get(task.id)?.[0] ?? userId });
        } catch (error) {
          warnings.push(say(error));
          throw new SimulationDone();
        }
      }
      warnings.push(translate(language, 'workflow.simulationTooLong', { steps: MAX_SIMULATED_STEPS }));
      throw new SimulationDone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof SimulationDone)) throw error;
    });
  for (const node of skipped) warnings.push(translate(language, 'workflow.simulationServiceSkipped', { node }));
  return { steps, ended, warnings };
}
