import type { HistoryAction } from '@macro/contract/workflow';
import { type Db, preparedSelect, preparedStatement, rowsOf, sendAhead, type Tx } from '@macro/store';
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { compileProcess, type FlowNode, type LintProblem, lintProblem, type ProcessModel } from '../definitions/model.ts';
import { parseXml } from '../definitions/moddle.ts';
import { refuse, WorkflowError } from '../errors.ts';
import { wfDefinitions, wfExecutions, wfHistory, wfInstances, wfTasks, wfVariables } from '../tables.ts';
import { mustBeActor } from './actors.ts';
import { approverSqlProblem } from './approverSql.ts';
import { addCounterSigners, type CounterSignersInput, removeCounterSigners } from './counterSign.ts';
import { assertWritable, saveTaskForm, signTask } from './forms.ts';
import { type CorrelateInput, correlateMessage } from './messages.ts';
import { changeVersion, testVersionChange, type VersionChangeInput, type VersionChangeReport } from './migrate.ts';
import { type RejectInput, rejectTargets, rejectTask, type WithdrawInput, withdrawTask } from './moves.ts';
import type { ApproverResolver, EngineOptions } from './ports.ts';
import { batchHistory, type Execution, type Instance, type LoopState, Run, type RunHost, type Task } from './run.ts';
import { type SignalInput, type SignalResult, signalFromRun, throwSignal } from './signals.ts';
import {
  type AssignInput,
  assignTask,
  type CarbonCopyInput,
  carbonCopy,
  type DraftInput,
  delegateTask,
  deleteDraft,
  deleteInstance,
  doneTasks,
  type HandOverInput,
  type InstanceInput,
  listDrafts,
  myCarbonCopies,
  type PageInput,
  purgeInstance,
  readCarbonCopy,
  recycleBin,
  restoreInstance,
  resumeInstance,
  saveDraft,
  startedInstances,
  startFromDraft,
  suspendInstance,
  todoTasks,
  touchTask,
  transferTask,
} from './tasks.ts';
import { runDueJobs } from './timers.ts';

export type Definition = typeof wfDefinitions.$inferSelect;

const p = sql.placeholder;

/**
 * The instance, its form data, its first token and the initiator's completed start task: one
 * statement. Only what the database decides comes back; the rest is what was written.
 */
/** The latest version of a definition key. */
const latestDefinitionOf = preparedStatement<{ key: string }>(
  () => sql`select id, key, version, name from ${wfDefinitions} where key = ${p('key')} order by version desc limit 1`,
);

const insertInstance = preparedStatement<
  Record<
    'definitionId' | 'starterId' | 'businessKey' | 'title' | 'parentInstanceId' | 'parentExecutionId' | 'at' | 'names' | 'values' | 'startId' | 'startName',
    unknown
  >
>(
  () => sql`with instance as (
    insert into ${wfInstances} (definition_id, starter_id, business_key, title, state, parent_instance_id, parent_execution_id, started_at)
    values (${p('definitionId')}, ${p('starterId')}, ${p('businessKey')}, ${p('title')}, 'running', ${p('parentInstanceId')}::integer, ${p('parentExecutionId')}::integer, ${p('at')}::timestamptz)
    returning id, started_at, tenant_id
  ), variables as (
    insert into ${wfVariables} (instance_id, name, value)
    select instance.id, field.name, field.value::jsonb from instance, unnest(${p('names')}::text[], ${p('values')}::text[]) as field(name, value)
  ), execution as (
    insert into ${wfExecutions} (instance_id, node_id, state, created_at) select id, ${p('startId')}, 'active', ${p('at')}::timestamptz from instance returning id, created_at
  ), task as (
    insert into ${wfTasks} (instance_id, execution_id, node_id, node_name, kind, assignee_id, state, action, completed_by, completed_at, touched, withdrawable, created_at)
    select instance.id, execution.id, ${p('startId')}, ${p('startName')}, 'start', ${p('starterId')}, 'completed', 'start', ${p('starterId')}, ${p('at')}::timestamptz, true, true, ${p('at')}::timestamptz
    from instance, execution returning id
  )
  select instance.id, instance.started_at as "startedAt", instance.tenant_id as "tenantId", execution.id as "executionId", execution.created_at as "createdAt", task.id as "taskId"
  from instance, execution, task`,
);

/** The task completed and the other open tasks `where` names cancelled: one statement. */
const finishTaskWhere = (where: SQL) =>
  preparedStatement<Record<'id' | 'action' | 'comment' | 'actorId' | 'at', unknown> & { instanceId?: number; executionId?: number }>(
    () => sql`update ${wfTasks} set
      state = case when id = ${p('id')} then 'completed' else 'cancelled' end,
      action = case when id = ${p('id')} then ${p('action')}::text else action end,
      comment = case when id = ${p('id')} then ${p('comment')}::text else comment end,
      completed_by = case when id = ${p('id')} then ${p('actorId')}::bigint else completed_by end,
      assignee_id = case when id = ${p('id')} then coalesce(assignee_id, ${p('actorId')}::bigint) else assignee_id end,
      completed_at = ${p('at')}::timestamptz,
      touched = touched or id = ${p('id')}
    where ${where}`,
    // The siblings' filter is on the instance's index, not a key: planned for its values each time.
    { planEachRun: true },
  );
const finishTaskAlone = finishTaskWhere(sql`id = ${p('id')}`);
/** With the other open tasks of its execution (an or-sign node's candidates' and co-approvers'). */
const finishTaskAndSiblings = finishTaskWhere(sql`instance_id = ${p('instanceId')} and execution_id = ${p('executionId')} and state = 'open'`);

/** The task (placeholder `taskId`) with its instance and token, each row locked, where `where` holds. */
const lockTaskWhere = (where: SQL) =>
  preparedSelect((qb) =>
    qb
      .select({ instance: wfInstances, task: wfTasks, execution: wfExecutions })
      .from(wfTasks)
      .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
      .innerJoin(wfExecutions, eq(wfExecutions.id, wfTasks.executionId))
      .where(and(eq(wfTasks.id, sql.placeholder('taskId')), where))
      .for('update', { of: [wfInstances, wfTasks, wfExecutions] }),
  );
const lockTaskAlone = lockTaskWhere(isNull(wfInstances.parentInstanceId));
const lockTaskCalled = lockTaskWhere(callersLocked(sql`select instance_id from wf_task where id = ${sql.placeholder('taskId')}`));

/** The instance (placeholder `instanceId`), locked, where `where` holds. */
const lockInstanceWhere = (where: SQL) =>
  preparedSelect((qb) =>
    qb
      .select()
      .from(wfInstances)
      .where(and(eq(wfInstances.id, sql.placeholder('instanceId')), where))
      .for('update'),
  );
const lockInstanceAlone = lockInstanceWhere(isNull(wfInstances.parentInstanceId));
const lockInstanceCalled = lockInstanceWhere(callersLocked(sql`select ${sql.placeholder('instanceId')}::integer`));

/** Where a model is deployed or linted: the tenant's transaction and the resolver that runs its data sources. */
export interface DeployHost {
  tx: Tx;
  resolver: ApproverResolver;
}

/**
 * Parses and compiles BPMN XML, with every problem that keeps it from running (unreadable XML
 * throws). SQL rules: inline SQL is checked against the approver fence; a data source must be
 * one the host has (without a host, as when a deployed definition is read again, it is not asked).
 */
async function check(xml: string, host?: DeployHost): Promise<{ model?: ProcessModel; problems: LintProblem[] }> {
  const parsed = await parseXml(xml);
  const { model, problems } = compileProcess(parsed.root);
  for (const node of model?.nodes.values() ?? []) {
    const rule = node.settings.approver;
    if (rule?.kind !== 'sql') continue;
    const type = node.kind === 'carbonCopy' ? 'SendTask' : 'UserTask';
    if (rule.dataSource) {
      const { id } = rule.dataSource;
      if (host && !(await host.resolver.hasDataSource?.(host.tx, id)))
        problems.push(lintProblem(type, node.id, 'approverDataSourceMissing', { id: String(id) }));
      continue;
    }
    const problem = await approverSqlProblem(rule.sql ?? '');
    if (problem) problems.push(lintProblem(type, node.id, 'approverSql', { reason: problem }));
  }
  return { model, problems };
}

/**
 * The engine's lint of BPMN XML: each element it cannot run, by type and id (empty: it deploys).
 * With a host, the data sources SQL rules name are looked up too, as deploying does.
 */
export async function lintXml(xml: string, host?: DeployHost): Promise<LintProblem[]> {
  return (await check(xml, host)).problems;
}

/** Parses, lints and compiles BPMN XML; refuses with every problem named by element type and id. */
export async function compileXml(xml: string, host?: DeployHost): Promise<ProcessModel> {
  const { model, problems } = await check(xml, host);
  if (!model || problems.length) {
    const all = problems.length ? problems : [lintProblem('Process', '-', 'noProcess')];
    const [first] = all;
    // The parameters name the first problem and how many more there are; `problems` holds them all.
    throw new WorkflowError(
      'workflow.unsupported',
      all.map((p) => `${p.elementType} ${p.elementId}: ${p.message}`).join('; '),
      { type: first.elementType, id: first.elementId, detail: first.message, more: all.length - 1 },
      all,
    );
  }
  return model;
}

export interface StartInput {
  definitionKey: string;
  starterId: number;
  variables?: Record<string, unknown>;
  businessKey?: string;
  title?: string;
  /** Approvers chosen for nodes whose approver is designated (by node id). */
  designated?: Record<string, number[]>;
}

export interface TaskInput {
  taskId: number;
  userId: number;
  comment?: string;
  /** The stamp (seal) the approver signed with, recorded in the history. */
  stamp?: string;
  variables?: Record<string, unknown>;
  designated?: Record<string, number[]>;
}

/** The engine: operations on instances, each inside the caller's (tenant-scoped) transaction. */
/**
 * A condition that holds always and, evaluated once before the statement locks its own rows,
 * locks the callers of the instance `instanceIdQuery` names, outermost first (a caller's id is
 * lower than those it calls). Every operation on an instance thus locks its callers before it,
 * as an operation on a caller that ends its called instances does (caller, then called): a called
 * instance ending (which moves its caller) and its caller's timer or withdrawal cannot deadlock.
 * An instance nothing called finds no callers in one index lookup.
 */
function callersLocked(instanceIdQuery: SQL) {
  return sql`(select count(*) from (
    select a.id from wf_instance a
    where a.id in (
      with recursive caller (id) as (
        select i.parent_instance_id from wf_instance i where i.id = (${instanceIdQuery}) and i.parent_instance_id is not null
        union all
        select i.parent_instance_id from wf_instance i join caller on i.id = caller.id where i.parent_instance_id is not null
      )
      select id from caller
    )
    order by a.id
    for update
  ) callers) >= 0`;
}

export class WorkflowEngine implements RunHost {
  /** Compiled models by definition id: definitions never change once deployed. One engine serves one database. */
  private readonly models = new Map<number, Promise<ProcessModel>>();
  private readonly keys = new Map<number, string>();

  constructor(readonly options: EngineOptions) {}

  // ---------------------------------------------------------------- definitions

  /** Deploys a new version of the definition `key`; the XML must pass the lint. */
  async deploy(tx: Tx, input: { key: string; name: string; xml: string }): Promise<Definition> {
    if (!input.key.trim()) refuse('workflow.keyRequired', 'a definition needs a key');
    if (!input.name.trim()) refuse('workflow.nameRequired', 'a definition needs a name');
    await compileXml(input.xml, { tx, resolver: this.options.resolver });
    // Serialises deploys of one key so two never take the same version.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_setting('app.tenant_id', true) || ${input.key}))`);
    const [latest] = await tx
      .select({ version: wfDefinitions.version })
      .from(wfDefinitions)
      .where(eq(wfDefinitions.key, input.key))
      .orderBy(desc(wfDefinitions.version))
      .limit(1);
    const [row] = await tx
      .insert(wfDefinitions)
      .values({ key: input.key, name: input.name, xml: input.xml, version: (latest?.version ?? 0) + 1 })
      .returning();
    return row;
  }

  /** The newest version of a definition (without its XML: the compiled model is cached). */
  async latestDefinition(tx: Tx, key: string): Promise<Pick<Definition, 'id' | 'key' | 'version' | 'name'>> {
    const [row] = rowsOf<Pick<Definition, 'id' | 'key' | 'version' | 'name'>>(await latestDefinitionOf(tx, { key }));
    return row ?? refuse('workflow.definitionNotFound', `no definition ${key}`, { key });
  }

  async modelOf(tx: Tx, definitionId: number): Promise<ProcessModel> {
    let model = this.models.get(definitionId);
    if (!model) {
      const [row] = await tx.select({ xml: wfDefinitions.xml, key: wfDefinitions.key }).from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
      if (!row) refuse('workflow.definitionNotFound', `no definition ${definitionId}`, { key: definitionId });
      this.keys.set(definitionId, row.key);
      model = compileXml(row.xml);
      this.models.set(definitionId, model);
      model.catch(() => this.models.delete(definitionId));
    }
    return model;
  }

  // ---------------------------------------------------------------- locking

  /**
   * Locks the instance row: operations on one instance run one after the other. Its callers are
   * locked first (see callersLocked).
   */
  async lockInstance(tx: Tx, instanceId: number): Promise<Instance> {
    // Most instances were called by none (the caller is set when the row is made, never after):
    // they lock alone, without planning the walk up the callers.
    const [alone] = await lockInstanceAlone(tx, { instanceId });
    const [row] = alone ? [alone] : await lockInstanceCalled(tx, { instanceId });
    if (!row || row.deletedAt) refuse('workflow.instanceNotFound', `no instance ${instanceId}`, { id: instanceId });
    return row;
  }

  async variablesOf(tx: Tx, instanceId: number): Promise<Record<string, unknown>> {
    // Read as text and parsed here: the ORM parses a jsonb string again, so "13800138000" would come back a number.
    const rows = await tx
      .select({ name: wfVariables.name, json: sql<string | null>`${wfVariables.value}::text` })
      .from(wfVariables)
      .where(eq(wfVariables.instanceId, instanceId));
    return Object.fromEntries(rows.map((r) => [r.name, r.json === null ? null : JSON.parse(r.json)]));
  }

  private async runFor(tx: Tx, instance: Instance, actorId: number, causeTaskId: number | null, designated?: Record<string, number[]>) {
    const model = await this.modelOf(tx, instance.definitionId);
    // Most approval chains read no form data: skip the read when nothing in the model does.
    const variables = model.usesVariables ? await this.variablesOf(tx, instance.id) : {};
    return new Run(tx, this, instance, model, actorId, variables, causeTaskId, designated);
  }

  /**
   * Locks the task's instance, its task and its token, and reads all three as they are once
   * locked: what another transaction did first is seen. One statement; the row locks are taken in
   * the order every operation takes them (the instance's callers, the instance, then the task), and each row is read again after its
   * lock, so a task completed meanwhile comes back completed (or, its token gone, not at all).
   * Every operation on a task comes through here: its instance is judged before the task, so a
   * task of an ended or suspended instance is refused for that, not as already handled.
   */
  async lockTask(tx: Tx, taskId: number, options: { running?: boolean } = {}): Promise<{ task: Task; instance: Instance; execution: Execution }> {
    // An instance no other called has no callers to lock first (its caller is set when it is
    // made, never after): that common case skips the walk up the callers.
    const alone = await lockTaskAlone(tx, { taskId });
    const [locked] = alone.length ? alone : await lockTaskCalled(tx, { taskId });
    const { task, instance, execution } = locked ?? (await this.lockTaskApart(tx, taskId));
    this.assertTakesOperations(instance, options);
    // An open task always has its token; one without is as good as ended.
    if (task.state !== 'open' || !execution) {
      return refuse('workflow.taskNotOpen', `task ${taskId} is already ${task.state === 'open' ? 'ended' : task.state}`, { id: taskId });
    }
    return { task, instance, execution };
  }

  /** No task with a token: the instance is locked alone and the task read after, to say why. */
  private async lockTaskApart(tx: Tx, taskId: number): Promise<{ task: Task; instance: Instance; execution?: Execution }> {
    const [instance] = await tx
      .select()
      .from(wfInstances)
      .where(eq(wfInstances.id, sql`(select ${wfTasks.instanceId} from ${wfTasks} where ${wfTasks.id} = ${taskId})`))
      .for('update');
    if (!instance) refuse('workflow.taskNotFound', `no task ${taskId}`, { id: taskId });
    const [task] = await tx.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    return { task, instance };
  }

  /**
   * Whether an instance takes operations on its tasks (and carbon copies): one in the recycle bin
   * is not found, one that has ended (completed or terminated) says so, a suspended one says that
   * unless `running` is false.
   */
  assertTakesOperations(instance: Instance, options: { running?: boolean } = {}): void {
    if (instance.deletedAt) refuse('workflow.instanceNotFound', `no instance ${instance.id}`, { id: instance.id });
    if (instance.state !== 'running' && instance.state !== 'suspended')
      refuse('workflow.instanceEnded', `instance ${instance.id} has ended`, { id: instance.id });
    if ((options.running ?? true) && instance.state === 'suspended') refuse('workflow.suspended', `instance ${instance.id} is suspended`, { id: instance.id });
  }

  // ---------------------------------------------------------------- start and approve

  /**
   * Starts an instance: the start node is the initiator's task, created and completed here, so
   * the first approvers are resolved (and a node nobody can approve refuses the start).
   */
  async start(tx: Tx, input: StartInput): Promise<{ instance: Instance; startTaskId: number }> {
    const definition = await this.latestDefinition(tx, input.definitionKey);
    return batchHistory(tx, () => this.startDefinition(tx, definition.id, input));
  }

  async startDefinition(
    tx: Tx,
    definitionId: number,
    input: Omit<StartInput, 'definitionKey'> & { parent?: { instanceId: number; executionId: number }; startAt?: string },
  ): Promise<{ instance: Instance; startTaskId: number }> {
    const model = await this.modelOf(tx, definitionId);
    const values = {
      definitionId,
      starterId: input.starterId,
      businessKey: input.businessKey ?? '',
      title: input.title ?? model.name,
      state: 'running',
      parentInstanceId: input.parent?.instanceId ?? null,
      parentExecutionId: input.parent?.executionId ?? null,
      deletedAt: null,
      endedAt: null,
    };
    // A message or signal starts at its own start event; anything else at the process's start event.
    const startId = input.startAt ?? model.startOf.get(model.id)!;
    const startNode = model.nodes.get(startId)!;
    const variables = input.variables ?? {};
    assertWritable(startNode, {}, variables);
    const now = new Date(this.options.clock?.() ?? Date.now());
    // The instance, its form data, its first token and the initiator's completed start task: one
    // statement. Only what the database decides comes back; the rest is what was written.
    const [made] = rowsOf<{ id: number; startedAt: Date; tenantId: string; executionId: number; createdAt: Date; taskId: number }>(
      await insertInstance(tx, {
        definitionId,
        starterId: values.starterId,
        businessKey: values.businessKey,
        title: values.title,
        parentInstanceId: values.parentInstanceId,
        parentExecutionId: values.parentExecutionId,
        at: now.toISOString(),
        names: Object.keys(variables),
        values: Object.values(variables).map((v) => JSON.stringify(v ?? null)),
        startId,
        startName: startNode.name,
      }),
    );
    const instance: Instance = { ...values, id: made.id, startedAt: new Date(made.startedAt), tenantId: made.tenantId };
    const run = new Run(tx, this, instance, model, input.starterId, { ...variables }, null, input.designated);
    const execution: Execution = {
      id: made.executionId,
      instanceId: made.id,
      parentId: null,
      nodeId: startId,
      state: 'active',
      arrivedVia: null,
      loop: null,
      createdByTaskId: null,
      createdAt: new Date(made.createdAt),
      tenantId: made.tenantId,
    };
    const task = { id: made.taskId };
    await run.history({ nodeId: startId, event: 'enter' }, { nodeId: startId, event: 'leave', action: 'start', taskId: task.id });
    await this.leaveFrom(run, task.id, execution, startNode);
    return { instance: run.instance, startTaskId: task.id };
  }

  private async completeAndLeave(run: Run, task: Task, execution: Execution, action: HistoryAction, comment: string | undefined, stamp?: string) {
    // Other approvers' tasks of an or-sign node end with this one, in the same statement.
    await this.finishTask(run, task, action, comment, stamp, execution.id);
    await this.leaveFrom(run, task.id, execution, run.node(task.nodeId));
  }

  /** Moves on from a task just completed; it stays withdrawable only if nothing on the way was irreversible. */
  private async leaveFrom(run: Run, taskId: number, execution: Execution, node: FlowNode) {
    const movedRun = new Run(run.tx, this, run.instance, run.model, run.actorId, run.variables, taskId, run.designated);
    await movedRun.leave(execution, node);
    if (movedRun.irreversible && !movedRun.causeSettled) await run.tx.update(wfTasks).set({ withdrawable: false }).where(eq(wfTasks.id, taskId));
  }

  private async finishTask(run: Run, task: Task, action: HistoryAction, comment: string | undefined, stamp?: string, cancelSiblingsOf?: number) {
    const values = { id: task.id, action, comment: comment ?? null, actorId: run.actorId, at: run.now().toISOString() };
    // Nothing reads its answer: it travels ahead of what follows.
    const finished =
      cancelSiblingsOf === undefined
        ? finishTaskAlone(run.tx, values)
        : finishTaskAndSiblings(run.tx, { ...values, instanceId: run.instance.id, executionId: cancelSiblingsOf });
    await sendAhead(run.tx, finished);
    await run.history({ nodeId: task.nodeId, event: 'leave', action, taskId: task.id, comment, stamp });
  }

  /** Approves a task (the start task too: that is reinitiate). Delegated tasks go back to their owner first. */
  approve(tx: Tx, input: TaskInput): Promise<void> {
    return batchHistory(tx, () => this.approveNow(tx, input));
  }

  private async approveNow(tx: Tx, input: TaskInput): Promise<void> {
    const { task, instance, execution } = await this.lockTask(tx, input.taskId);
    await mustBeActor(tx, task, input.userId);
    const run = await this.runFor(tx, instance, input.userId, task.id, input.designated);
    if (task.ownerId !== null) {
      await tx.update(wfTasks).set({ assigneeId: task.ownerId, ownerId: null }).where(eq(wfTasks.id, task.id));
      await run.history({ nodeId: task.nodeId, event: 'operation', action: 'delegateReturn', taskId: task.id, comment: input.comment });
      return;
    }
    if (input.variables) {
      assertWritable(run.model.nodes.get(task.nodeId), await this.variablesOf(tx, instance.id), input.variables);
      await run.setVariables(input.variables);
    }
    const node = run.node(task.nodeId);
    const action = task.kind === 'start' ? 'reinitiate' : 'approve';
    if (task.kind !== 'counterSign') return this.completeAndLeave(run, task, execution, action, input.comment, input.stamp);
    await this.finishTask(run, task, action, input.comment, input.stamp);
    await this.counterSignDone(run, node, execution);
  }

  /** One counter-signer approved: complete the node when its rule is met (stopping early), else go on. */
  private async counterSignDone(run: Run, node: FlowNode, child: Execution) {
    const [scope] = await run.tx.select().from(wfExecutions).where(eq(wfExecutions.id, child.parentId!));
    const loop = scope.loop as LoopState;
    loop.approved += 1;
    // The signer's token goes, and with it its pending timers (its due time).
    await run.cancelJobs(child.id);
    await run.tx.delete(wfExecutions).where(eq(wfExecutions.id, child.id));
    await this.settleCounterSign(run, node, scope, loop, child.createdByTaskId);
  }

  /**
   * Decides a counter-sign node after its approvers or approvals changed: completes it once its
   * rule is met (removing the other counter-signers' tasks), else hands the next sequential task out.
   */
  async settleCounterSign(run: Run, node: FlowNode, scope: Execution, loop: LoopState, causeTaskId: number | null): Promise<void> {
    const total = loop.approvers.length;
    const multi = node.multi!;
    const open = await run.executionsIn(scope.id);
    const decided =
      multi.completion === 'single'
        ? loop.approved >= 1
        : multi.completion === 'all'
          ? loop.approved >= total || this.completionHolds(run, node, loop, open.length)
          : loop.approved * 100 >= (multi.percent ?? 100) * total;
    if (!decided && multi.type === 'sequential' && !open.length && loop.next < total) {
      const next = await run.newExecution(scope.id, node.id);
      await run.createTask(next, node, loop.approvers[loop.next], 'counterSign');
      loop.next += 1;
    }
    await run.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, scope.id));
    if (!decided) return;
    for (const rest of open) await run.removeExecution(rest);
    const moved = await run.moveExecution(scope, node.id);
    const after = new Run(run.tx, this, run.instance, run.model, run.actorId, run.variables, causeTaskId, run.designated);
    await after.leave(moved, node);
  }

  /**
   * Whether a counter-sign's standard completionCondition holds: over its counters, named and
   * counted as Flowable and Camunda 7 do (a sequential node has one active instance throughout),
   * and the form data.
   */
  private completionHolds(run: Run, node: FlowNode, loop: LoopState, open: number): boolean {
    const { condition, type } = node.multi!;
    if (condition === undefined) return false;
    return run.holds(condition, node.id, {
      nrOfInstances: loop.approvers.length,
      nrOfCompletedInstances: loop.approved,
      nrOfActiveInstances: type === 'sequential' ? 1 : open,
    });
  }

  // ---------------------------------------------------------------- called processes

  async startCalled(run: Run, execution: Execution, node: FlowNode): Promise<void> {
    const definition = await this.latestDefinition(run.tx, node.calledElement!);
    await this.startDefinition(run.tx, definition.id, {
      starterId: run.instance.starterId,
      variables: run.variables,
      title: node.name,
      parent: { instanceId: run.instance.id, executionId: execution.id },
    });
  }

  /**
   * A called instance ended: its caller's token moves on from the call activity, with the form
   * data the child ended with. Only while that token still waits at the call activity for this
   * child: a caller that left it (or called again since) is left alone, its data untouched.
   */
  async calledEnded(tx: Tx, child: Instance): Promise<void> {
    const parent = await this.lockInstance(tx, child.parentInstanceId!);
    // A suspended caller moves on when it is resumed (resumeCalled), not while suspended.
    if (parent.state !== 'running') return;
    const [execution] = await tx.select().from(wfExecutions).where(eq(wfExecutions.id, child.parentExecutionId!));
    if (!execution || !(await this.waitsFor(tx, parent, execution, child))) return;
    const run = await this.runFor(tx, parent, child.starterId, null);
    await run.setVariables(await this.variablesOf(tx, child.id));
    const node = run.node(execution.nodeId);
    await run.history({ nodeId: node.id, event: 'leave' });
    await run.leave(execution, node, false);
  }

  /**
   * A caller just resumed: each of its tokens at a call activity whose called instance ended
   * while it was suspended moves on now, as it would have then.
   */
  async resumeCalled(tx: Tx, parent: Instance): Promise<void> {
    const model = await this.modelOf(tx, parent.definitionId);
    const waiting = (await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, parent.id))).filter(
      (e) => e.state === 'active' && model.nodes.get(e.nodeId)?.kind === 'callActivity',
    );
    for (const execution of waiting) {
      const [latest] = await tx
        .select()
        .from(wfInstances)
        .where(and(...this.calledFrom(parent, execution)))
        .orderBy(desc(wfInstances.id))
        .limit(1);
      if (latest?.state === 'completed') await this.calledEnded(tx, latest);
    }
  }

  /** Whether the caller's token is at a call activity waiting for `child`: no instance called from it since. */
  private async waitsFor(tx: Tx, parent: Instance, execution: Execution, child: Instance): Promise<boolean> {
    const model = await this.modelOf(tx, parent.definitionId);
    if (execution.instanceId !== parent.id || execution.state !== 'active' || model.nodes.get(execution.nodeId)?.kind !== 'callActivity') return false;
    const [later] = await tx
      .select({ id: wfInstances.id })
      .from(wfInstances)
      .where(and(...this.calledFrom(parent, execution), gt(wfInstances.id, child.id)))
      .limit(1);
    return !later;
  }

  /**
   * The instances called from a token. A called instance has its caller's starter and a later id:
   * the lookup stays in the starter index's range.
   */
  private calledFrom(parent: Instance, execution: Execution) {
    return [
      eq(wfInstances.starterId, parent.starterId),
      gt(wfInstances.id, parent.id),
      eq(wfInstances.parentInstanceId, parent.id),
      eq(wfInstances.parentExecutionId, execution.id),
    ];
  }

  /**
   * The caller's token left the call activity without waiting for the called instance (an
   * interrupting boundary event, a reject, a withdraw, a terminate end): the called instance
   * ends with it, terminated, and so do those it called; none moves the caller again.
   */
  async endCalled(run: Run, execution: Execution): Promise<void> {
    const called = await run.tx
      .select()
      .from(wfInstances)
      .where(and(...this.calledFrom(run.instance, execution), inArray(wfInstances.state, ['running', 'suspended'])))
      .orderBy(wfInstances.id)
      .for('update');
    for (const child of called) {
      const childRun = new Run(run.tx, this, child, await this.modelOf(run.tx, child.definitionId), run.actorId, {});
      await childRun.interrupt();
    }
  }

  // ---------------------------------------------------------------- operations on tasks
  // Each is a method here and is written in the file of its kind (moves, tasks, forms, counterSign).

  /** The nodes the task may be sent back to, with their names (see moves.ts for the rules). */
  async rejectTargets(tx: Tx, input: { taskId: number; userId: number }): Promise<{ nodeId: string; nodeName: string }[]> {
    const { task, instance } = await this.lockTask(tx, input.taskId);
    const run = await this.runFor(tx, instance, input.userId, task.id);
    return (await rejectTargets(run, task)).map((nodeId) => ({ nodeId, nodeName: run.model.nodes.get(nodeId)?.name ?? nodeId }));
  }

  /** Sends the task back to an earlier node (see moves.ts for the rules). */
  reject(tx: Tx, input: RejectInput): Promise<void> {
    return rejectTask(this, tx, input);
  }

  /** Takes back one's own completion while the next node has not been touched; returns the task made again. */
  withdraw(tx: Tx, input: WithdrawInput): Promise<number> {
    return withdrawTask(this, tx, input);
  }

  transfer(tx: Tx, input: HandOverInput): Promise<void> {
    return transferTask(this, tx, input);
  }

  /** Delegates the task: the delegate's approval returns it to its owner. */
  delegate(tx: Tx, input: HandOverInput): Promise<void> {
    return delegateTask(this, tx, input);
  }

  assign(tx: Tx, input: AssignInput): Promise<void> {
    return assignTask(this, tx, input);
  }

  touch(tx: Tx, input: { taskId: number; userId: number }): Promise<void> {
    return touchTask(tx, input);
  }

  saveTaskForm(tx: Tx, input: { taskId: number; userId: number; variables: Record<string, unknown> }): Promise<void> {
    return saveTaskForm(this, tx, input);
  }

  sign(tx: Tx, input: { taskId: number; userId: number; stamp: string; comment?: string }): Promise<void> {
    return signTask(this, tx, input);
  }

  addCounterSigners(tx: Tx, input: CounterSignersInput): Promise<void> {
    return addCounterSigners(this, tx, input);
  }

  removeCounterSigners(tx: Tx, input: CounterSignersInput): Promise<void> {
    return removeCounterSigners(this, tx, input);
  }

  carbonCopy(tx: Tx, input: CarbonCopyInput): Promise<void> {
    return carbonCopy(this, tx, input);
  }

  readCarbonCopy(tx: Tx, input: { id: number; userId: number }): Promise<void> {
    return readCarbonCopy(tx, input);
  }

  // ---------------------------------------------------------------- operations on instances

  suspend(tx: Tx, input: InstanceInput): Promise<void> {
    return suspendInstance(this, tx, input);
  }

  resume(tx: Tx, input: InstanceInput): Promise<void> {
    return resumeInstance(this, tx, input);
  }

  /** Moves an instance to its starter's recycle bin. */
  deleteInstance(tx: Tx, input: InstanceInput): Promise<void> {
    return deleteInstance(this, tx, input);
  }

  restoreInstance(tx: Tx, input: { instanceId: number }): Promise<void> {
    return restoreInstance(tx, input);
  }

  purgeInstance(tx: Tx, input: { instanceId: number }): Promise<void> {
    return purgeInstance(tx, input);
  }

  correlateMessage(tx: Tx, input: CorrelateInput): Promise<{ instanceId: number; started: boolean }> {
    return correlateMessage(this, tx, input);
  }

  throwSignal(tx: Tx, input: SignalInput): Promise<SignalResult> {
    return throwSignal(this, tx, input);
  }

  /** What moving instances to another version would do, changing nothing. */
  testVersionChange(tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
    return testVersionChange(this, tx, input);
  }

  changeVersion(tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
    return changeVersion(this, tx, input);
  }

  /** Fires the timers that are due, each in its tenant's transaction; returns how many fired (see timers.ts). */
  runDueJobs(db: Db, options: { now?: Date; limit?: number; runOn?: Db } = {}): Promise<number> {
    return runDueJobs(this, db, options);
  }

  // ---------------------------------------------------------------- drafts

  saveDraft(tx: Tx, input: DraftInput) {
    return saveDraft(tx, input);
  }

  drafts(tx: Tx, ownerId: number) {
    return listDrafts(tx, ownerId);
  }

  deleteDraft(tx: Tx, input: { id: number; ownerId: number }): Promise<void> {
    return deleteDraft(tx, input);
  }

  startFromDraft(tx: Tx, input: { draftId: number; ownerId: number; designated?: Record<string, number[]> }) {
    return startFromDraft(this, tx, input);
  }

  // ---------------------------------------------------------------- reads

  todoTasks(tx: Tx, userId: number, page?: PageInput) {
    return todoTasks(tx, userId, page);
  }

  doneTasks(tx: Tx, userId: number, page?: PageInput) {
    return doneTasks(tx, userId, page);
  }

  startedInstances(tx: Tx, userId: number, page?: PageInput) {
    return startedInstances(tx, userId, page);
  }

  recycleBin(tx: Tx, userId: number, page?: PageInput) {
    return recycleBin(tx, userId, page);
  }

  carbonCopies(tx: Tx, userId: number, page?: PageInput) {
    return myCarbonCopies(tx, userId, page);
  }

  async openTasks(tx: Tx, instanceId: number): Promise<Task[]> {
    return tx
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.state, 'open')))
      .orderBy(wfTasks.id);
  }

  async history(tx: Tx, instanceId: number) {
    return tx.select().from(wfHistory).where(eq(wfHistory.instanceId, instanceId)).orderBy(wfHistory.id);
  }

  async instance(tx: Tx, instanceId: number): Promise<Instance> {
    const [row] = await tx.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
    return row ?? refuse('workflow.instanceNotFound', `no instance ${instanceId}`, { id: instanceId });
  }

  /**
   * Done, rejected and current nodes and the flows taken, for highlighting the diagram. A node is
   * rejected when its last departure was a rejection, done when it was anything else; a node
   * with a token in it now is current only.
   */
  async diagram(tx: Tx, instanceId: number) {
    const rows = await this.history(tx, instanceId);
    const current = new Set(
      (await tx.select({ nodeId: wfExecutions.nodeId }).from(wfExecutions).where(eq(wfExecutions.instanceId, instanceId))).map((r) => r.nodeId),
    );
    const lastLeave = new Map<string, string | null>();
    for (const r of rows) if (r.event === 'leave') lastLeave.set(r.nodeId, r.action);
    const left = [...lastLeave].filter(([nodeId]) => !current.has(nodeId));
    return {
      done: left.filter(([, action]) => action !== 'reject').map(([nodeId]) => nodeId),
      rejected: left.filter(([, action]) => action === 'reject').map(([nodeId]) => nodeId),
      current: [...current],
      flows: [...new Set(rows.filter((r) => r.event === 'flow').map((r) => r.nodeId))],
    };
  }

  async signalThrown(run: Run, execution: Execution, node: FlowNode): Promise<void> {
    await signalFromRun(this, run, execution, node);
  }

  keyOf(instance: Instance): string {
    return this.keys.get(instance.definitionId) ?? '';
  }

  /** Hands `Run` to the operation modules. */
  async runOf(tx: Tx, instance: Instance, actorId: number, causeTaskId: number | null) {
    return this.runFor(tx, instance, actorId, causeTaskId);
  }
}

export type { Execution, Instance, Task };
