import type { HistoryAction } from '@macro/contract/workflow';
import { preparedStatement, rowsOf, sendAhead, type Tx } from '@macro/store';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { evaluate } from 'feelin';
import { type FlowNode, type ProcessModel, reachableFrom } from '../definitions/model.ts';
import { refuse, ServiceFailure } from '../errors.ts';
import { wfCarbonCopies, wfExecutions, wfHistory, wfInstances, wfJobs, wfTaskCandidates, wfTasks, wfVariables } from '../tables.ts';
import type { EngineOptions, WorkflowEvent } from './ports.ts';
import { runApproverSql } from './approverSql.ts';
import { addDuration, timerDueAt } from './time.ts';

/** An event as an operation names it; `notify` adds the instance, its title and starter, the actor and the time. */
type EventDetail = WorkflowEvent extends infer E ? (E extends WorkflowEvent ? Omit<E, 'instanceId' | 'title' | 'starterId' | 'actorId' | 'at'> : never) : never;

export type Instance = typeof wfInstances.$inferSelect;
export type Execution = typeof wfExecutions.$inferSelect;
export type Task = typeof wfTasks.$inferSelect;

export interface HistoryRow {
  nodeId: string;
  event: 'enter' | 'leave' | 'flow' | 'operation';
  action?: HistoryAction;
  taskId?: number | null;
  comment?: string | null;
  userId?: number | null;
  stamp?: string;
  /** Whom the operation handed the task to (transfer, delegate, assign). */
  targetUserId?: number;
}

type HistoryValues = Required<
  Pick<typeof wfHistory.$inferInsert, 'instanceId' | 'nodeId' | 'nodeName' | 'event' | 'taskId' | 'userId' | 'comment' | 'stamp' | 'at' | 'targetUserId'>
> & {
  action?: string | null;
};

/** History rows of the operation running in a transaction, written when it finishes. */
const pendingHistory = new WeakMap<Tx, HistoryValues[]>();

const p = sql.placeholder;

/** History rows from one array per column, inserted in the arrays' order (ids follow it). */
const insertHistoryRows = preparedStatement<
  Record<'instanceId' | 'taskId' | 'nodeId' | 'nodeName' | 'event' | 'action' | 'userId' | 'comment' | 'stamp' | 'at' | 'targetUserId', unknown[]>
>(
  () => sql`insert into ${wfHistory} (instance_id, task_id, node_id, node_name, event, action, user_id, comment, stamp, at, target_user_id)
    select instance_id, task_id, node_id, node_name, event, action, user_id, comment, stamp, at, target_user_id
    from unnest(${p('instanceId')}::integer[], ${p('taskId')}::integer[], ${p('nodeId')}::text[], ${p('nodeName')}::text[], ${p('event')}::text[],
      ${p('action')}::text[], ${p('userId')}::bigint[], ${p('comment')}::text[], ${p('stamp')}::text[], ${p('at')}::timestamptz[], ${p('targetUserId')}::bigint[])
      with ordinality as row (instance_id, task_id, node_id, node_name, event, action, user_id, comment, stamp, at, target_user_id, n)
    order by n`,
);

/** A new token; what the database decides (id, tenant) comes back. */
const insertExecution = preparedStatement<Record<'instanceId' | 'parentId' | 'nodeId' | 'state' | 'createdByTaskId' | 'createdAt', unknown>>(
  () => sql`insert into ${wfExecutions} (instance_id, parent_id, node_id, state, created_by_task_id, created_at)
    values (${p('instanceId')}, ${p('parentId')}::integer, ${p('nodeId')}, ${p('state')}, ${p('createdByTaskId')}::integer, ${p('createdAt')}::timestamptz)
    returning id, created_at, tenant_id`,
);

/** A token moved to a node, as it arrives there. */
const updateExecution = preparedStatement<Record<'id' | 'nodeId' | 'state' | 'loop' | 'createdByTaskId', unknown>>(
  () => sql`update ${wfExecutions} set node_id = ${p('nodeId')}, state = ${p('state')}, arrived_via = null,
    loop = ${p('loop')}::jsonb, created_by_task_id = ${p('createdByTaskId')}::integer where id = ${p('id')}`,
);

/** A task with its candidates (none when it has an assignee); its id comes back. */
const insertTask = preparedStatement<
  Record<
    | 'instanceId'
    | 'executionId'
    | 'nodeId'
    | 'nodeName'
    | 'previousTaskId'
    | 'createdByTaskId'
    | 'kind'
    | 'assigneeId'
    | 'ownerId'
    | 'dueAt'
    | 'createdAt'
    | 'candidates',
    unknown
  >
>(
  () => sql`with task as (
    insert into ${wfTasks} (instance_id, execution_id, node_id, node_name, previous_task_id, created_by_task_id, kind, assignee_id, owner_id, due_at, created_at)
    values (${p('instanceId')}, ${p('executionId')}, ${p('nodeId')}, ${p('nodeName')}, ${p('previousTaskId')}::integer, ${p('createdByTaskId')}::integer, ${p('kind')},
      ${p('assigneeId')}::bigint, ${p('ownerId')}::bigint, ${p('dueAt')}::timestamptz, ${p('createdAt')}::timestamptz)
    returning id
  ), asked as (
    insert into ${wfTaskCandidates} (task_id, user_id) select task.id, candidate from task, unnest(${p('candidates')}::bigint[]) as candidate
  )
  select id from task`,
);

/** The instance ended by a completion, which then can no longer be withdrawn: one statement. */
const endInstanceAfter = preparedStatement<Record<'causeTaskId' | 'state' | 'endedAt' | 'instanceId', unknown>>(
  () => sql`with cause as (update ${wfTasks} set withdrawable = false where id = ${p('causeTaskId')})
    update ${wfInstances} set state = ${p('state')}, ended_at = ${p('endedAt')}::timestamptz where id = ${p('instanceId')}`,
);

/**
 * A token removed: its open tasks cancelled, its pending timers cancelled, the token deleted and
 * whether others are left in its scope (`parent`), in one statement (which sees the rows as they
 * were before it: the deleted one is left out by its id); the instance narrows each to its index range.
 */
const removeExecutionIn = (parent: SQL) =>
  preparedStatement<Record<'at' | 'instanceId' | 'id' | 'parentId', unknown>>(
    () => sql`with tasks as (
      update ${wfTasks} set state = 'cancelled', completed_at = ${p('at')}::timestamptz
      where instance_id = ${p('instanceId')} and execution_id = ${p('id')} and state = 'open'
    ), jobs as (
      update ${wfJobs} set state = 'cancelled' where execution_id = ${p('id')} and state = 'pending'
    ), gone as (
      delete from ${wfExecutions} where id = ${p('id')}
    )
    select exists (select 1 from ${wfExecutions} where instance_id = ${p('instanceId')} and ${parent} and id <> ${p('id')}) as others`,
    { planEachRun: true },
  );
const removeTopExecution = removeExecutionIn(sql`parent_id is null`);
const removeInnerExecution = removeExecutionIn(sql`parent_id = ${p('parentId')}`);

/** Writes history rows, in the order given (ids follow it), in one statement whose text is the same for any number of rows. */
function insertHistory(tx: Tx, rows: readonly HistoryValues[]): Promise<unknown> {
  return insertHistoryRows(tx, {
    instanceId: rows.map((r) => r.instanceId),
    taskId: rows.map((r) => r.taskId),
    nodeId: rows.map((r) => r.nodeId),
    nodeName: rows.map((r) => r.nodeName),
    event: rows.map((r) => r.event),
    action: rows.map((r) => r.action ?? null),
    userId: rows.map((r) => r.userId),
    comment: rows.map((r) => r.comment),
    stamp: rows.map((r) => r.stamp),
    at: rows.map((r) => (r.at as Date).toISOString()),
    targetUserId: rows.map((r) => r.targetUserId),
  });
}

/**
 * Runs one operation with its history written in a single statement at its end (in order: ids
 * follow the rows). Nothing in an operation reads history back; a nested call joins the outer
 * one, and an operation that fails writes none of it (its transaction is rolled back anyway).
 */
export async function batchHistory<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  if (pendingHistory.has(tx)) return work();
  const rows: HistoryValues[] = [];
  pendingHistory.set(tx, rows);
  try {
    const result = await work();
    // Nothing reads it back: it travels ahead, with the commit behind it.
    if (rows.length) await sendAhead(tx, insertHistory(tx, rows));
    return result;
  } finally {
    pendingHistory.delete(tx);
  }
}

export interface LoopState {
  approvers: number[];
  /** Next approver to get a task (sequential). */
  next: number;
  approved: number;
}

/** Hooks into the engine for what a run cannot do alone (called processes). */
export interface RunHost {
  options: EngineOptions;
  startCalled(run: Run, execution: Execution, node: FlowNode): Promise<void>;
  calledEnded(tx: Tx, instance: Instance): Promise<void>;
  /** Terminates the instances called from `execution` (its token left the call activity without them). */
  endCalled(run: Run, execution: Execution): Promise<void>;
  /** The definition key of an instance (delegations may be for one process). */
  keyOf(instance: Instance): string;
  /** A signal throw or end event of `run` throws its signal: the tenant's instances waiting for it move on (runtime/signals.ts). */
  signalThrown(run: Run, execution: Execution, node: FlowNode): Promise<void>;
}

/**
 * One operation's movement of tokens through a locked instance: arriving at nodes, leaving
 * them along flows, joins, scopes and the end. Everything happens in the caller's transaction.
 */
export class Run {
  /** What this operation's completion did that a withdraw could not undo. */
  irreversible = false;
  /** The cause task is already marked not withdrawable (the instance ended). */
  causeSettled = false;
  readonly designated: Record<string, number[]>;

  constructor(
    readonly tx: Tx,
    readonly host: RunHost,
    readonly instance: Instance,
    readonly model: ProcessModel,
    readonly actorId: number,
    readonly variables: Record<string, unknown>,
    readonly causeTaskId: number | null = null,
    designated: Record<string, number[]> = {},
  ) {
    this.designated = designated;
  }

  node(id: string): FlowNode {
    return this.model.nodes.get(id) ?? refuse('workflow.unknownNode', `no node ${id} in the process`, { node: id });
  }

  now(): Date {
    return this.host.options.clock?.() ?? new Date();
  }

  /** Tells the notification port, if any, of something people should hear of (see WorkflowEvent). */
  async notify(event: EventDetail): Promise<void> {
    const port = this.host.options.notifications;
    if (!port) return;
    const { id, title, starterId } = this.instance;
    await port.notify(this.tx, { instanceId: id, title, starterId, actorId: this.actorId, at: this.now(), ...event } as WorkflowEvent);
  }

  /** Writes history rows (one statement for several; inside `batchHistory`, one for the whole operation). */
  async history(...rows: HistoryRow[]) {
    const values = rows.map(
      (row): HistoryValues => ({
        instanceId: this.instance.id,
        nodeId: row.nodeId,
        nodeName: this.model.nodes.get(row.nodeId)?.name ?? (this.model.flows.get(row.nodeId)?.name || row.nodeId),
        event: row.event,
        action: row.action,
        taskId: row.taskId ?? null,
        comment: row.comment ?? null,
        stamp: row.stamp ?? null,
        userId: row.userId === undefined ? this.actorId : row.userId,
        at: this.now(),
        targetUserId: row.targetUserId ?? null,
      }),
    );
    const pending = pendingHistory.get(this.tx);
    if (pending) pending.push(...values);
    else await insertHistory(this.tx, values);
  }

  async newExecution(parentId: number | null, nodeId: string, state = 'active'): Promise<Execution> {
    const values = { instanceId: this.instance.id, parentId, nodeId, state, arrivedVia: null, loop: null, createdByTaskId: this.causeTaskId };
    // Only what the database decides comes back; the rest is what was written.
    const [made] = rowsOf<{ id: number; created_at: string | Date; tenant_id: string }>(
      await insertExecution(this.tx, { ...values, createdAt: this.now().toISOString() }),
    );
    return { ...values, id: made.id, createdAt: new Date(made.created_at), tenantId: made.tenant_id };
  }

  async moveExecution(execution: Execution, nodeId: string, patch: Partial<Pick<Execution, 'state' | 'loop'>> = {}): Promise<Execution> {
    const changes = { nodeId, state: 'active', arrivedVia: null, loop: null as unknown, createdByTaskId: this.causeTaskId, ...patch };
    await sendAhead(
      this.tx,
      updateExecution(this.tx, {
        id: execution.id,
        nodeId,
        state: changes.state,
        loop: changes.loop === null ? null : JSON.stringify(changes.loop),
        createdByTaskId: changes.createdByTaskId,
      }),
    );
    return { ...execution, ...changes };
  }

  /**
   * An open task for `approvers` (the start node's is made completed, by `completedTask`),
   * following `follows`: the completion whose previous node it is (`previousTaskId`). One
   * approver holds it as its assignee (a standing deputy holds it for them, as its owner); several
   * are its candidates, with their standing deputies added, any of whom may take it.
   */
  async createTask(execution: Execution, node: FlowNode, approvers: number | readonly number[], kind: 'approve' | 'counterSign', follows = this.causeTaskId) {
    const asked = typeof approvers === 'number' ? [approvers] : [...new Set(approvers)];
    const deputies = await Promise.all(
      asked.map((user) => this.host.options.delegation?.activeDelegateFor(this.tx, user, this.host.keyOf(this.instance), this.now()) ?? null),
    );
    const dueAt = await this.scheduleDue(execution, node);
    const [assignee, owner, candidates] =
      asked.length === 1
        ? [deputies[0] ?? asked[0], deputies[0] ? asked[0] : null, [] as number[]]
        : [null, null, [...new Set([...asked, ...deputies.filter((d) => d !== null)])]];
    const [task] = rowsOf<{ id: unknown }>(
      await insertTask(this.tx, {
        instanceId: this.instance.id,
        executionId: execution.id,
        nodeId: node.id,
        nodeName: node.name,
        previousTaskId: follows,
        createdByTaskId: this.causeTaskId,
        kind,
        assigneeId: assignee,
        ownerId: owner,
        dueAt: dueAt?.toISOString() ?? null,
        createdAt: this.now().toISOString(),
        candidates,
      }),
    );
    await this.notify({ kind: 'taskArrived', taskId: Number(task.id), nodeName: node.name, userIds: assignee === null ? candidates : [assignee], via: 'flow' });
  }

  /** What every task this operation makes at `node` shares: where it is and what caused it. */
  private taskAt(execution: Execution, node: FlowNode) {
    return {
      instanceId: this.instance.id,
      executionId: execution.id,
      nodeId: node.id,
      nodeName: node.name,
      previousTaskId: this.causeTaskId,
      createdByTaskId: this.causeTaskId,
      // The engine's clock, not the database's: a test clock and a server whose clock differs see one time.
      createdAt: this.now(),
    };
  }

  /**
   * The due time of a task the node gives `execution`, with the job that marks it overdue then;
   * null when the node sets none.
   */
  async scheduleDue(execution: Execution, node: FlowNode): Promise<Date | null> {
    if (!node.settings.dueIn) return null;
    const dueAt = addDuration(this.now(), node.settings.dueIn);
    await this.tx.insert(wfJobs).values({ instanceId: this.instance.id, executionId: execution.id, nodeId: node.id, dueAt });
    return dueAt;
  }

  // ---------------------------------------------------------------- arriving

  /** Puts `execution` at `nodeId` (arriving through `via`) and runs the node's behaviour. */
  async arrive(execution: Execution, nodeId: string, via?: string): Promise<void> {
    const node = this.node(nodeId);
    // A token reaching an end event is deleted by this operation: moving it first would be a wasted write.
    execution = node.kind === 'endEvent' ? { ...execution, nodeId } : await this.moveExecution(execution, nodeId);
    // The flow taken and the node entered, in one statement.
    await this.history(...(via ? [{ nodeId: via, event: 'flow' as const }] : []), { nodeId, event: 'enter' });
    switch (node.kind) {
      case 'startEvent':
      case 'boundaryTimer':
      case 'boundaryError':
      case 'boundarySignal':
      case 'passThrough':
        return this.leave(execution, node);
      case 'endEvent':
        if (node.signal) await this.host.signalThrown(this, execution, node);
        return this.end(execution, node);
      case 'signalThrow':
        await this.host.signalThrown(this, execution, node);
        return this.leave(execution, node);
      case 'userTask':
        return this.enterUserTask(execution, node);
      case 'serviceTask':
        return this.runService(execution, node);
      case 'carbonCopy':
        await this.sendCopies(node);
        // Its departure is the copy's history row (sendCopies).
        return this.leave(execution, node, false);
      case 'exclusiveGateway':
      case 'inclusiveGateway':
      case 'parallelGateway':
        if (node.incoming.length > 1 && node.kind !== 'exclusiveGateway') return this.parkAtJoin(execution, via);
        return this.leave(execution, node);
      case 'subProcess': {
        const scope = await this.moveExecution(execution, nodeId, { state: 'scope' });
        await this.scheduleBoundary(scope, node);
        const child = await this.newExecution(scope.id, this.model.startOf.get(node.id)!);
        return this.arrive(child, child.nodeId);
      }
      case 'callActivity':
        await this.scheduleBoundary(execution, node);
        return this.host.startCalled(this, execution, node);
      case 'timerCatch':
        await this.schedule(execution, node);
        return;
      case 'messageCatch':
        // The token waits here until a message of that name is correlated to the instance.
        return;
      case 'receiveTask':
        await this.scheduleBoundary(execution, node);
        return;
      case 'signalCatch':
        // The token waits here until its signal is thrown in the tenant.
        return;
      case 'eventGateway':
        // The token waits at the gateway for every event after it: the timers are scheduled on it, messages and signals find it there.
        for (const flowId of node.outgoing) {
          const event = this.node(this.model.flows.get(flowId)!.target);
          if (event.kind === 'timerCatch') await this.schedule(execution, event);
        }
        return;
    }
  }

  /**
   * A carbon-copy node: each person its rule names (once) gets a copy of the instance in their
   * list of circulations, sent in the starter's name, and hears of it; a rule that names nobody
   * sends none (the history says so) and the token passes on all the same.
   */
  private async sendCopies(node: FlowNode): Promise<void> {
    const users = [...new Set((await this.resolveRule(node)).filter((u) => Number.isInteger(u)))];
    if (users.length)
      await this.tx.insert(wfCarbonCopies).values(users.map((userId) => ({ instanceId: this.instance.id, userId, fromUserId: this.instance.starterId })));
    await this.history({ nodeId: node.id, event: 'leave', action: 'cc', comment: users.join(','), userId: null });
    if (users.length) await this.notify({ kind: 'carbonCopy', userIds: users });
  }

  /**
   * Runs a service task and moves on. A failure one of its error boundary events catches (the
   * one with the failure's code, else one with no code) takes the token along that event's flow,
   * the history saying which error; any other failure refuses the operation. With such events
   * the call runs in a savepoint, so what a failed built-in wrote is undone and the rest goes on.
   */
  private async runService(execution: Execution, node: FlowNode): Promise<void> {
    const service = node.settings.service!;
    const port = this.host.options.services ?? refuse('workflow.noServicePort', 'no service port to run service tasks');
    const call = { ...service, instanceId: this.instance.id, nodeId: node.id, variables: this.variables };
    let result: Record<string, unknown> | undefined;
    try {
      result = node.catches.length ? await this.tx.transaction((savepoint) => port.invoke(savepoint, call)) : await port.invoke(this.tx, call);
    } catch (error) {
      const boundary = error instanceof ServiceFailure ? this.catcherOf(node, error.errorCode) : undefined;
      if (!boundary || !(error instanceof ServiceFailure)) throw error;
      this.irreversible = true;
      await this.history({ nodeId: node.id, event: 'leave', action: 'serviceError', comment: error.errorCode });
      return this.arrive(execution, boundary.id);
    }
    if (result) await this.setVariables(result);
    this.irreversible = true;
    await this.history({ nodeId: node.id, event: 'leave', action: 'service' });
    return this.leave(execution, node, false);
  }

  /** The error boundary event of `node` that catches `errorCode`: one naming it, else one naming none. */
  private catcherOf(node: FlowNode, errorCode: string): FlowNode | undefined {
    const catches = node.catches.map((id) => this.node(id));
    return catches.find((c) => c.errorCode === errorCode) ?? catches.find((c) => c.errorCode === undefined);
  }

  /**
   * The event a token waits for happened at `event` (a catch event or receive task): the token
   * leaves it. A token waiting at an event-based gateway first takes the flow to the event that
   * happened; the gateway's other events are withdrawn (their timers cancelled; messages and
   * signals find the token elsewhere now).
   */
  async eventHappened(
    execution: Execution,
    event: FlowNode,
    happened: { action: NonNullable<HistoryRow['action']>; comment?: string; userId?: number | null },
  ): Promise<void> {
    if (execution.nodeId !== event.id) {
      const gateway = this.node(execution.nodeId);
      const flowId =
        (gateway.kind === 'eventGateway' ? gateway.outgoing.find((f) => this.model.flows.get(f)?.target === event.id) : undefined) ??
        refuse('workflow.unknownNode', `node ${event.id} does not follow ${gateway.id}`, { node: event.id });
      await this.cancelJobs(execution.id);
      await this.history({ nodeId: gateway.id, event: 'leave', userId: happened.userId });
      execution = await this.moveExecution(execution, event.id);
      await this.history({ nodeId: flowId, event: 'flow', userId: happened.userId }, { nodeId: event.id, event: 'enter', userId: happened.userId });
    }
    await this.history({ nodeId: event.id, event: 'leave', ...happened });
    return this.leave(execution, event, false);
  }

  /**
   * A boundary event of the activity `execution` is at fired. Interrupting, the activity ends
   * (its open tasks cancelled with `action`, its scope's tokens and called instance with it) and
   * the token leaves through the boundary event; otherwise a new token does, the activity goes on.
   */
  async boundaryFired(execution: Execution, boundary: FlowNode, fired: { action: 'timeout' | 'signal'; comment?: string; at?: Date }): Promise<void> {
    const activity = this.node(boundary.attachedTo!);
    const { action, comment, at = this.now() } = fired;
    // A timer fires for nobody.
    const userId = action === 'timeout' ? null : undefined;
    if (!boundary.cancelActivity) {
      const branch = await this.newExecution(execution.parentId, boundary.id);
      return this.arrive(branch, boundary.id);
    }
    await this.endCalledFrom(execution);
    for (const child of await this.executionsIn(execution.id)) await this.removeExecution(child);
    await this.tx
      .update(wfTasks)
      .set({ state: 'cancelled', action, completedAt: at })
      .where(and(eq(wfTasks.instanceId, execution.instanceId), eq(wfTasks.executionId, execution.id), eq(wfTasks.state, 'open')));
    await this.cancelJobs(execution.id);
    await this.history({ nodeId: activity.id, event: 'leave', action, comment, userId });
    return this.arrive(execution, boundary.id);
  }

  /** Writes form data: every field in one statement, a field already there replaced. */
  async setVariables(values: Record<string, unknown>): Promise<void> {
    const entries = Object.entries(values);
    if (!entries.length) return;
    Object.assign(this.variables, values);
    await this.tx
      .insert(wfVariables)
      .values(entries.map(([name, value]) => ({ instanceId: this.instance.id, name, value: value as never })))
      .onConflictDoUpdate({ target: [wfVariables.tenantId, wfVariables.instanceId, wfVariables.name], set: { value: sql.raw('excluded.value') } });
  }

  private async schedule(execution: Execution, node: FlowNode): Promise<void> {
    const dueAt = timerDueAt(node.timer!, this.now());
    await this.tx.insert(wfJobs).values({ instanceId: this.instance.id, executionId: execution.id, nodeId: node.id, dueAt });
  }

  /** The jobs of the node's boundary timers (its boundary signals need none: a thrown signal finds the token). */
  async scheduleBoundary(execution: Execution, node: FlowNode): Promise<void> {
    for (const id of node.boundary) {
      const boundary = this.node(id);
      if (boundary.kind === 'boundaryTimer') await this.schedule(execution, boundary);
    }
  }

  private async enterUserTask(execution: Execution, node: FlowNode): Promise<void> {
    const approvers = await this.approversOf(node);
    await this.scheduleBoundary(execution, node);
    const agreeing = node.settings.autoAgree && !node.multi ? await this.autoAgreeing(approvers) : undefined;
    if (agreeing !== undefined) return this.autoAgree(execution, node, agreeing);
    return this.handOutTasks(execution, node, approvers, this.causeTaskId);
  }

  /**
   * The tasks of a user task for its approvers, following `follows`: one on the token whose
   * candidates they are (or-sign), or a counter-sign's scope with a task for each of its first
   * signers (standing delegations apply).
   */
  async handOutTasks(execution: Execution, node: FlowNode, approvers: number[], follows: number | null): Promise<void> {
    if (!node.multi) return this.createTask(execution, node, approvers, 'approve', follows);
    const loop: LoopState = { approvers, next: 0, approved: 0 };
    const scope = await this.moveExecution(execution, node.id, { state: 'scope', loop });
    const first = node.multi.type === 'sequential' ? approvers.slice(0, 1) : approvers;
    for (const approver of first) {
      const child = await this.newExecution(scope.id, node.id);
      await this.createTask(child, node, approver, 'counterSign', follows);
    }
    loop.next = first.length;
    await this.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, scope.id));
  }

  /**
   * Auto-agree: the first approver of the node who started this instance or already approved in
   * it; none when nobody did (the node then waits as usual).
   */
  private async autoAgreeing(approvers: number[]): Promise<number | undefined> {
    const rows = await this.tx
      .selectDistinct({ userId: wfTasks.completedBy })
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, this.instance.id), eq(wfTasks.state, 'completed'), inArray(wfTasks.action, ['start', 'approve', 'autoAgree'])));
    const agreed = new Set([this.instance.starterId, ...rows.map((r) => Number(r.userId))]);
    return approvers.find((approver) => agreed.has(approver));
  }

  /** The node passes at once in the approver's name: one completed task, its history, and on. */
  private async autoAgree(execution: Execution, node: FlowNode, approver: number): Promise<void> {
    const task = await this.completedTask(execution, node, approver, { kind: 'approve', action: 'autoAgree', withdrawable: false });
    await this.history({ nodeId: node.id, event: 'leave', action: 'autoAgree', taskId: task.id, userId: approver });
    return this.leave(execution, node);
  }

  /** A task done as it is made (the start node's, an auto-agreed one): one insert, no update after. */
  async completedTask(execution: Execution, node: FlowNode, userId: number, done: { kind: 'start' | 'approve'; action: string; withdrawable?: boolean }) {
    const [task] = await this.tx
      .insert(wfTasks)
      .values({
        ...this.taskAt(execution, node),
        kind: done.kind,
        assigneeId: userId,
        state: 'completed',
        action: done.action,
        completedBy: userId,
        completedAt: this.now(),
        touched: true,
        withdrawable: done.withdrawable ?? true,
      })
      .returning({ id: wfTasks.id });
    return task;
  }

  /**
   * The approvers of a node (those `designated` for it, if it takes them); nobody is a refusal of
   * the operation that would enter it.
   */
  async approversOf(node: FlowNode, designated = this.designated[node.id]): Promise<number[]> {
    let users: number[];
    const rule = node.settings.approver!;
    if (node.settings.previousDesignates || node.settings.designateNext || designated) {
      users = designated ?? [];
      if (!users.length && node.settings.previousDesignates) {
        refuse('workflow.designateRequired', `the previous node must designate the approver of ${node.name}`, { node: node.name });
      }
    } else users = [];
    if (!users.length) users = await this.resolveRule(node);
    const unique = [...new Set(users.filter((u) => Number.isInteger(u)))];
    if (!unique.length) {
      refuse('workflow.noApprover', `node ${node.name} (${node.id}) has no approver: the operation is refused`, {
        node: node.name,
        kind: rule.kind,
      });
    }
    return unique;
  }

  private async resolveRule(node: FlowNode): Promise<number[]> {
    const rule = node.settings.approver!;
    switch (rule.kind) {
      case 'person':
        return rule.values.map(Number);
      case 'formField':
        return this.formFieldApprovers(node, rule.values[0]);
      case 'nodeApprover': {
        const rows = await this.tx
          .select({ userId: wfTasks.completedBy })
          .from(wfTasks)
          .where(and(eq(wfTasks.instanceId, this.instance.id), eq(wfTasks.nodeId, rule.values[0]), eq(wfTasks.state, 'completed')));
        if (rule.values[0] === this.model.startOf.get(this.model.id)) return [this.instance.starterId];
        return rows.map((r) => Number(r.userId));
      }
      case 'sql':
        // A rule naming a data source runs it through the host, which owns the data sources.
        if (!rule.dataSource) return runApproverSql(this.tx, rule.sql ?? '');
        return this.resolveByHost(node);
      default:
        return this.resolveByHost(node);
    }
  }

  /** The rules the host resolves (see ApproverResolver), asked with what the instance knows. */
  private resolveByHost(node: FlowNode): Promise<number[]> {
    return this.host.options.resolver.resolve(this.tx, node.settings.approver!, {
      instanceId: this.instance.id,
      starterId: this.instance.starterId,
      nodeId: node.id,
      nodeName: node.name,
      variables: this.variables,
    });
  }

  /**
   * The user ids a form field holds: numbers, or strings of digits as JSON forms and other tools
   * write them (`"12"`, `["12", "15"]`, `"12,15"`). Anything that is not a user id (a positive
   * integer), or nothing at all, refuses the operation naming the field: never nobody in silence.
   */
  private formFieldApprovers(node: FlowNode, field: string): number[] {
    const value = this.variables[field];
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
      typeof item === 'string' ? item.split(',').filter((part) => part.trim()) : [item],
    );
    const ids = items.map((item) => (typeof item === 'number' ? item : typeof item === 'string' && /^\s*\d+\s*$/.test(item) ? Number(item) : Number.NaN));
    if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      const held = (JSON.stringify(value) ?? 'nothing').slice(0, 100);
      refuse('workflow.noApprover', `node ${node.name} (${node.id}): form field ${field} holds ${held}, not user ids: the operation is refused`, {
        node: node.name,
        kind: 'formField',
        field,
      });
    }
    return ids;
  }

  // ---------------------------------------------------------------- leaving

  /** Takes the node's outgoing flows (gateway rules decide which) and moves on. */
  async leave(execution: Execution, node: FlowNode, record = true): Promise<void> {
    if (record && node.kind !== 'userTask' && node.kind !== 'startEvent') await this.history({ nodeId: node.id, event: 'leave' });
    // Timer jobs hang only on timer events and on activities with boundary timers.
    if (node.boundary.length || node.kind === 'timerCatch' || node.settings.dueIn) await this.cancelJobs(execution.id);
    const flows = this.chooseFlows(node);
    const [first, ...rest] = flows;
    const others: Execution[] = [];
    for (const _ of rest) others.push(await this.newExecution(execution.parentId, node.id));
    const targets = [execution, ...others];
    for (const [i, flowId] of [first, ...rest].entries()) {
      const flow = this.model.flows.get(flowId)!;
      await this.arrive(targets[i], flow.target, flow.id);
    }
  }

  private condition(flowId: string): boolean {
    const flow = this.model.flows.get(flowId)!;
    return !flow.condition || this.holds(flow.condition, flow.id);
  }

  /**
   * Whether a condition (FEEL, as compiled) of the element `elementId` holds over the form data
   * and `extra` (which wins over a field of the same name); one that fails refuses the operation.
   */
  holds(condition: string, elementId: string, extra?: Record<string, unknown>): boolean {
    try {
      return evaluate(condition, extra ? { ...this.variables, ...extra } : this.variables).value === true;
    } catch (error) {
      return refuse('workflow.badCondition', `condition of ${elementId} failed: ${(error as Error).message}`, { flow: elementId });
    }
  }

  private chooseFlows(node: FlowNode): string[] {
    const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
    if (node.kind === 'parallelGateway') return node.outgoing;
    if (node.kind === 'exclusiveGateway' || node.kind === 'inclusiveGateway') {
      const taken = node.kind === 'exclusiveGateway' ? candidates.filter((f) => this.condition(f)).slice(0, 1) : candidates.filter((f) => this.condition(f));
      if (taken.length) return taken;
      if (node.defaultFlow) return [node.defaultFlow];
      return refuse('workflow.noFlow', `gateway ${node.name} (${node.id}): no condition is true and there is no default flow`, {
        node: node.name,
      });
    }
    // Activities and events: conditional flows behave like an inclusive split (BPMN 2.0 §13.2.1).
    const taken = candidates.filter((f) => this.condition(f));
    if (!taken.length && node.defaultFlow) return [node.defaultFlow];
    if (!taken.length) return refuse('workflow.noFlow', `node ${node.name} (${node.id}): no outgoing flow can be taken`, { node: node.name });
    return taken;
  }

  // ---------------------------------------------------------------- joins

  private async parkAtJoin(execution: Execution, via?: string): Promise<void> {
    await this.tx
      .update(wfExecutions)
      .set({ state: 'waiting', arrivedVia: via ?? null })
      .where(eq(wfExecutions.id, execution.id));
    await this.settleJoins(execution.parentId);
  }

  /** Fires every join of a scope whose condition now holds; repeats until none does. */
  async settleJoins(parentId: number | null): Promise<void> {
    for (;;) {
      const inScope = await this.executionsIn(parentId);
      const waiting = inScope.filter((e) => e.state === 'waiting');
      const joins = [...new Set(waiting.map((e) => e.nodeId))];
      let fired = false;
      for (const joinId of joins) {
        const node = this.node(joinId);
        const here = waiting.filter((e) => e.nodeId === joinId);
        let consume: Execution[] | undefined;
        if (node.kind === 'parallelGateway') {
          const byFlow = new Map<string, Execution>();
          for (const e of here) if (e.arrivedVia && !byFlow.has(e.arrivedVia)) byFlow.set(e.arrivedVia, e);
          if (node.incoming.every((f) => byFlow.has(f))) consume = [...byFlow.values()];
        } else {
          // Inclusive join: fires once no other token of the scope can still reach it.
          const upstream = inScope.some((e) => !(e.state === 'waiting' && e.nodeId === joinId) && reachableFrom(this.model, e.nodeId).has(joinId));
          if (!upstream) consume = here;
        }
        if (!consume) continue;
        const others = consume.filter((e) => e.createdByTaskId !== this.causeTaskId);
        if (others.length) {
          // Tokens of other completions go into this one: none of those can be withdrawn any more.
          this.irreversible = true;
          const owners = others.map((e) => e.createdByTaskId).filter((id): id is number => id !== null);
          if (owners.length) await this.tx.update(wfTasks).set({ withdrawable: false }).where(inArray(wfTasks.id, owners));
        }
        const [keep, ...rest] = consume;
        if (rest.length)
          await this.tx.delete(wfExecutions).where(
            inArray(
              wfExecutions.id,
              rest.map((e) => e.id),
            ),
          );
        const moved = await this.moveExecution(keep, joinId);
        await this.leave(moved, node);
        fired = true;
        break;
      }
      if (!fired) return;
    }
  }

  async executionsIn(parentId: number | null): Promise<Execution[]> {
    return this.tx
      .select()
      .from(wfExecutions)
      .where(
        and(eq(wfExecutions.instanceId, this.instance.id), parentId === null ? sql`${wfExecutions.parentId} is null` : eq(wfExecutions.parentId, parentId)),
      );
  }

  // ---------------------------------------------------------------- ends and removal

  private async end(execution: Execution, node: FlowNode): Promise<void> {
    await this.history({ nodeId: node.id, event: 'leave' });
    const parentId = execution.parentId;
    let othersLeft = false;
    if (node.terminate) {
      this.irreversible = true;
      for (const e of await this.executionsIn(parentId)) await this.removeExecution(e);
    } else othersLeft = await this.removeExecution(execution);
    if (othersLeft) {
      // A branch ended: an inclusive join may now have nothing upstream.
      await this.settleJoins(parentId);
      return;
    }
    this.irreversible = true;
    // Nothing is left at the top: the instance completes with no execution to remove.
    if (parentId === null) return this.completeInstance(node.terminate ? 'terminated' : 'completed', []);
    const [scope] = await this.tx.select().from(wfExecutions).where(eq(wfExecutions.id, parentId));
    const subProcess = this.node(scope.nodeId);
    await this.history({ nodeId: subProcess.id, event: 'leave' });
    const moved = await this.moveExecution(scope, subProcess.id);
    await this.leave(moved, subProcess, false);
  }

  async completeInstance(state: 'completed' | 'terminated', remaining?: Execution[]): Promise<void> {
    for (const e of remaining ?? (await this.executionsIn(null))) await this.removeExecution(e);
    const endedAt = this.now();
    if (this.causeTaskId === null) await this.tx.update(wfInstances).set({ state, endedAt }).where(eq(wfInstances.id, this.instance.id));
    else {
      // Nothing of an ended instance can be withdrawn: the completion that ended it says so in the same statement.
      await endInstanceAfter(this.tx, { causeTaskId: this.causeTaskId, state, endedAt: endedAt.toISOString(), instanceId: this.instance.id });
      this.causeSettled = true;
    }
    Object.assign(this.instance, { state, endedAt });
    if (this.instance.parentInstanceId) await this.host.calledEnded(this.tx, this.instance);
    else await this.notify({ kind: 'ended', outcome: state });
  }

  /**
   * The process that called this instance left the call activity without waiting for it: the
   * open tasks are cancelled as interrupted, every token (and what those called) removed, and the
   * instance ends terminated without moving its caller.
   */
  async interrupt(): Promise<void> {
    const endedAt = this.now();
    await this.tx
      .update(wfTasks)
      .set({ state: 'cancelled', action: 'interrupted', completedAt: endedAt })
      .where(and(eq(wfTasks.instanceId, this.instance.id), eq(wfTasks.state, 'open')));
    // Timers of the engine act with no user (actor 0): the row then names nobody.
    await this.history({ nodeId: this.model.id, event: 'operation', action: 'interrupted', userId: this.actorId || null });
    for (const e of await this.executionsIn(null)) await this.removeExecution(e);
    await this.tx.update(wfInstances).set({ state: 'terminated', endedAt }).where(eq(wfInstances.id, this.instance.id));
    Object.assign(this.instance, { state: 'terminated', endedAt });
  }

  /**
   * A token leaving a call activity other than by the called instance's end (an interrupting
   * boundary event, a reject, a withdraw, a terminate end) ends that instance with it.
   */
  async endCalledFrom(execution: Execution): Promise<void> {
    if (execution.state === 'active' && this.model.nodes.get(execution.nodeId)?.kind === 'callActivity') await this.host.endCalled(this, execution);
  }

  /**
   * Removes an execution with everything under it: child executions, open tasks, pending timers,
   * the instance it called. Says whether other executions are left in its scope.
   */
  async removeExecution(execution: Execution): Promise<boolean> {
    await this.endCalledFrom(execution);
    // Only a scope (sub-process, counter-sign node) has child executions.
    if (execution.state === 'scope') for (const child of await this.executionsIn(execution.id)) await this.removeExecution(child);
    // Its open tasks cancelled, its pending timers cancelled, the token deleted and whether
    // others are left, in one statement (which sees the rows as they were before it: the
    // deleted one is left out by its id); the instance narrows each to its index range.
    const remove = execution.parentId === null ? removeTopExecution : removeInnerExecution;
    const values = { at: this.now().toISOString(), instanceId: this.instance.id, id: execution.id, parentId: execution.parentId };
    return rowsOf<{ others: boolean }>(await remove(this.tx, values))[0].others;
  }

  async cancelJobs(executionId: number): Promise<void> {
    await this.tx
      .update(wfJobs)
      .set({ state: 'cancelled' })
      .where(and(eq(wfJobs.executionId, executionId), eq(wfJobs.state, 'pending')));
  }
}
