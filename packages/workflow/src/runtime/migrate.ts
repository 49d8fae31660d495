import type { Tx } from '@macro/store';
import { and, eq, inArray } from 'drizzle-orm';
import type { FlowNode, ProcessModel, Timer } from '../definitions/model.ts';
import { refuse } from '../errors.ts';
import { wfDefinitions, wfExecutions, wfInstances, wfJobs, wfTasks } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';
import type { Execution } from './run.ts';
import { timerDueAt } from './time.ts';

export interface VersionChangeInput {
  instanceIds: number[];
  /** The definition (a version of the same key) the instances move to. */
  toDefinitionId: number;
  /** Old node id → new node id, for nodes whose id changed; the rest map by equal id. */
  mapping?: Record<string, string>;
  userId: number;
}

export interface VersionChangeReport {
  instanceId: number;
  maps: boolean;
  /** Tokens (by node or flow id) with nowhere to go in the new version. */
  unmapped: string[];
  /** Where each token goes: old node → new node. */
  moves: { from: string; to: string }[];
  /** Timers the new version gives a token that its version did not (or gave differently). */
  timersAdded: TimerChange[];
  /** Pending timers of a token that the new version does not have (or has differently). */
  timersRemoved: TimerChange[];
}

/** A timer of a token: a boundary timer of its node, the timer it waits for, its tasks' due time. */
export interface TimerChange {
  /** The node the token sits at: its id in the new version for an added timer, in the old one for a removed timer. */
  node: string;
  /** The boundary or timer catch event; for a due time, the node. */
  timer: string;
  kind: 'boundary' | 'catch' | 'due';
  /** When it fires (ISO 8601); an added timer counts from the change. */
  dueAt: string;
}

/** What a version change does to timers, besides the report: the jobs it cancels and makes. */
interface TimerPlan {
  cancel: { jobId: number; executionId: number; kind: TimerChange['kind'] }[];
  schedule: { executionId: number; nodeId: string; kind: TimerChange['kind']; dueAt: Date }[];
}

interface Plan {
  report: VersionChangeReport;
  timers: TimerPlan;
}

/** Nodes a token may move between: the same kind of thing, and a counter-sign stays one. */
const compatible = (from: FlowNode, to: FlowNode) => from.kind === to.kind && Boolean(from.multi) === Boolean(to.multi);

/**
 * Reports, per instance, whether its tokens map onto the new version and which timers the change
 * would schedule and remove: nothing changes. After Flowable's ProcessInstanceMigrationBuilder
 * validate step.
 */
export async function testVersionChange(engine: WorkflowEngine, tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
  return (await plans(engine, tx, input)).map((p) => p.report);
}

async function plans(engine: WorkflowEngine, tx: Tx, input: VersionChangeInput): Promise<Plan[]> {
  const planned: Plan[] = [];
  for (const instanceId of input.instanceIds) planned.push(await plan(engine, tx, instanceId, input));
  return planned;
}

async function plan(engine: WorkflowEngine, tx: Tx, instanceId: number, input: VersionChangeInput): Promise<Plan> {
  const instance = await engine.lockInstance(tx, instanceId);
  const [from] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, instance.definitionId));
  const [to] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, input.toDefinitionId));
  if (!to || to.key !== from.key) refuse('workflow.versionOtherKey', `definition ${input.toDefinitionId} is not a version of ${from.key}`, { key: from.key });
  const oldModel = await engine.modelOf(tx, instance.definitionId);
  const newModel = await engine.modelOf(tx, input.toDefinitionId);
  const target = (id: string) => input.mapping?.[id] ?? id;
  const unmapped: string[] = [];
  const moves: { from: string; to: string }[] = [];
  const mapped: { execution: Execution; old: FlowNode; next: FlowNode }[] = [];
  const executions = await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, instance.id)).orderBy(wfExecutions.id);
  for (const e of executions) {
    const old = oldModel.nodes.get(e.nodeId);
    const next = newModel.nodes.get(target(e.nodeId));
    if (!old || !next || !compatible(old, next)) {
      unmapped.push(e.nodeId);
      continue;
    }
    // A token parked at a join keeps waiting: the flow it came by must still lead into the join.
    if (e.state === 'waiting' && e.arrivedVia && !next.incoming.includes(target(e.arrivedVia))) {
      unmapped.push(e.arrivedVia);
      continue;
    }
    if (!moves.some((m) => m.from === e.nodeId)) moves.push({ from: e.nodeId, to: next.id });
    mapped.push({ execution: e, old, next });
  }
  const timers = await planTimers(engine, tx, { instanceId: instance.id, executions, mapped, oldModel, newModel, target });
  const report = { instanceId, maps: unmapped.length === 0, unmapped: [...new Set(unmapped)], moves, ...timers.report };
  return { report, timers: timers.plan };
}

/** A timer of a token in the old and in the new version (paired by mapped id); one side may be missing. */
interface TimerSlot {
  kind: TimerChange['kind'];
  old?: { id: string; timer: Timer };
  next?: { id: string; timer: Timer };
}

const sameTimer = (a: Timer, b: Timer) => a.kind === b.kind && a.value === b.value;

/**
 * The timers of each token that moves: one both versions have alike keeps its job and due time;
 * one only the new version has is scheduled from now; a pending one the new version lacks or
 * defines otherwise is cancelled (and scheduled from now as the new version defines it). A
 * timer that already fired at the token does not fire again because its definition changed.
 */
async function planTimers(
  engine: WorkflowEngine,
  tx: Tx,
  scope: {
    instanceId: number;
    executions: Execution[];
    mapped: { execution: Execution; old: FlowNode; next: FlowNode }[];
    oldModel: ProcessModel;
    newModel: ProcessModel;
    target: (id: string) => string;
  },
): Promise<{ report: Pick<VersionChangeReport, 'timersAdded' | 'timersRemoved'>; plan: TimerPlan }> {
  const { oldModel, newModel, target } = scope;
  const now = engine.options.clock?.() ?? new Date();
  const jobs = await tx
    .select()
    .from(wfJobs)
    .where(and(eq(wfJobs.instanceId, scope.instanceId), eq(wfJobs.state, 'pending')))
    .orderBy(wfJobs.id);
  const withTasks = new Set(
    (
      await tx
        .selectDistinct({ executionId: wfTasks.executionId })
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, scope.instanceId), eq(wfTasks.state, 'open')))
    ).map((t) => t.executionId),
  );
  const byId = new Map(scope.executions.map((e) => [e.id, e]));
  const boundaryTimers = (model: ProcessModel, node: FlowNode) => node.boundary.filter((id) => model.nodes.get(id)?.kind === 'boundaryTimer');
  const timerOf = (model: ProcessModel, id: string) => ({ id, timer: model.nodes.get(id)!.timer! });
  const dueOf = (node: FlowNode) => (node.settings.dueIn ? { id: node.id, timer: { kind: 'duration' as const, value: node.settings.dueIn } } : undefined);
  const plan: TimerPlan = { cancel: [], schedule: [] };
  const timersAdded: TimerChange[] = [];
  const timersRemoved: TimerChange[] = [];
  const remove = (job: (typeof jobs)[number], node: string, kind: TimerChange['kind']) => {
    plan.cancel.push({ jobId: job.id, executionId: job.executionId, kind });
    timersRemoved.push({ node, timer: job.nodeId, kind, dueAt: job.dueAt.toISOString() });
  };
  for (const { execution, old, next } of scope.mapped) {
    const slots: TimerSlot[] = [];
    // A counter-signer's token sits at its node under the node's scope token, which holds the boundary timers.
    if (byId.get(execution.parentId ?? 0)?.nodeId !== execution.nodeId) {
      // Boundary signals have no job: a thrown signal finds the token wherever it is.
      const oldTimers = boundaryTimers(oldModel, old);
      const nextTimers = boundaryTimers(newModel, next);
      for (const id of nextTimers) {
        const was = oldTimers.find((b) => target(b) === id);
        slots.push({ kind: 'boundary', old: was ? timerOf(oldModel, was) : undefined, next: timerOf(newModel, id) });
      }
      for (const id of oldTimers.filter((b) => !nextTimers.includes(target(b)))) slots.push({ kind: 'boundary', old: timerOf(oldModel, id) });
    }
    if (next.kind === 'timerCatch') slots.push({ kind: 'catch', old: timerOf(oldModel, old.id), next: timerOf(newModel, next.id) });
    if (withTasks.has(execution.id)) slots.push({ kind: 'due', old: dueOf(old), next: dueOf(next) });
    for (const slot of slots) {
      const pending = jobs.filter((j) => j.executionId === execution.id && j.nodeId === slot.old?.id);
      if (slot.old && slot.next && sameTimer(slot.old.timer, slot.next.timer)) continue;
      if (slot.old && !pending.length) continue;
      for (const job of pending) remove(job, old.id, slot.kind);
      if (!slot.next) continue;
      const dueAt = timerDueAt(slot.next.timer, now);
      plan.schedule.push({ executionId: execution.id, nodeId: slot.next.id, kind: slot.kind, dueAt });
      timersAdded.push({ node: next.id, timer: slot.next.id, kind: slot.kind, dueAt: dueAt.toISOString() });
    }
    // Any other pending job of the token must not outlive its node: a timer firing at a node the version lacks cannot run.
    for (const job of jobs.filter((j) => j.executionId === execution.id && !slots.some((s) => s.old?.id === j.nodeId))) {
      if (newModel.nodes.has(target(job.nodeId))) continue;
      const kind = oldModel.nodes.get(job.nodeId)?.kind;
      remove(job, old.id, kind === 'boundaryTimer' ? 'boundary' : kind === 'timerCatch' ? 'catch' : 'due');
    }
  }
  return { report: { timersAdded, timersRemoved }, plan };
}

/**
 * Moves running instances to another version of their definition, all or none: an instance
 * with an unmapped token refuses the change. Open tasks keep their approvers; tokens at joins
 * keep waiting; timers change as `planTimers` says.
 */
export async function changeVersion(engine: WorkflowEngine, tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
  const planned = await plans(engine, tx, input);
  const reports = planned.map((p) => p.report);
  const refused = reports.find((r) => !r.maps);
  if (refused) {
    refuse('workflow.versionUnmapped', `instance ${refused.instanceId}: ${refused.unmapped.join(', ')} do not map onto the new version`, {
      id: refused.instanceId,
      nodes: refused.unmapped.join(', '),
    });
  }
  const newModel = await engine.modelOf(tx, input.toDefinitionId);
  const target = (id: string) => input.mapping?.[id] ?? id;
  for (const { report, timers } of planned) {
    const id = report.instanceId;
    const instance = await engine.lockInstance(tx, id);
    for (const e of await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, id))) {
      await tx
        .update(wfExecutions)
        .set({ nodeId: target(e.nodeId), arrivedVia: e.arrivedVia ? target(e.arrivedVia) : null })
        .where(eq(wfExecutions.id, e.id));
    }
    for (const t of await tx.select().from(wfTasks).where(eq(wfTasks.instanceId, id))) {
      if (t.state !== 'open') continue;
      const node = newModel.nodes.get(target(t.nodeId))!;
      await tx.update(wfTasks).set({ nodeId: node.id, nodeName: node.name }).where(eq(wfTasks.id, t.id));
    }
    await changeTimers(tx, id, timers, target);
    await tx.update(wfInstances).set({ definitionId: input.toDefinitionId }).where(eq(wfInstances.id, id));
    const run = await engine.runOf(tx, { ...instance, definitionId: input.toDefinitionId }, input.userId, null);
    await run.history({ nodeId: run.model.id, event: 'operation', action: 'changeVersion', comment: report.moves.map((m) => `${m.from}→${m.to}`).join(', ') });
  }
  return reports;
}

/**
 * Cancels the planned jobs, moves the pending rest to the new ids and makes the new ones; a
 * token's open tasks take the due time of its new due job, or none when its due job went.
 */
async function changeTimers(tx: Tx, instanceId: number, timers: TimerPlan, target: (id: string) => string): Promise<void> {
  if (timers.cancel.length) {
    const ids = timers.cancel.map((c) => c.jobId);
    await tx.update(wfJobs).set({ state: 'cancelled' }).where(inArray(wfJobs.id, ids));
  }
  for (const j of await tx
    .select()
    .from(wfJobs)
    .where(and(eq(wfJobs.instanceId, instanceId), eq(wfJobs.state, 'pending')))) {
    if (target(j.nodeId) !== j.nodeId)
      await tx
        .update(wfJobs)
        .set({ nodeId: target(j.nodeId) })
        .where(eq(wfJobs.id, j.id));
  }
  if (timers.schedule.length) {
    await tx.insert(wfJobs).values(timers.schedule.map((s) => ({ instanceId, executionId: s.executionId, nodeId: s.nodeId, dueAt: s.dueAt })));
  }
  const dues = new Map<number, Date | null>();
  for (const c of timers.cancel) if (c.kind === 'due') dues.set(c.executionId, null);
  for (const s of timers.schedule) if (s.kind === 'due') dues.set(s.executionId, s.dueAt);
  for (const [executionId, dueAt] of dues) {
    await tx
      .update(wfTasks)
      .set({ dueAt })
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.executionId, executionId), eq(wfTasks.state, 'open')));
  }
}
