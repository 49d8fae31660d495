import type { Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import type { FlowNode } from '../definitions/model.ts';
import { refuse } from '../errors.ts';
import { wfDefinitions, wfExecutions, wfInstances, wfJobs, wfTasks } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';

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
}

/** Nodes a token may move between: the same kind of thing, and a counter-sign stays one. */
const compatible = (from: FlowNode, to: FlowNode) => from.kind === to.kind && Boolean(from.multi) === Boolean(to.multi);

/**
 * Reports, per instance, whether its tokens map onto the new version: nothing changes. After
 * Flowable's ProcessInstanceMigrationBuilder validate step.
 */
export async function testVersionChange(engine: WorkflowEngine, tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
  const reports: VersionChangeReport[] = [];
  for (const instanceId of input.instanceIds) reports.push(await plan(engine, tx, instanceId, input));
  return reports;
}

async function plan(engine: WorkflowEngine, tx: Tx, instanceId: number, input: VersionChangeInput): Promise<VersionChangeReport> {
  const instance = await engine.lockInstance(tx, instanceId);
  const [from] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, instance.definitionId));
  const [to] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, input.toDefinitionId));
  if (!to || to.key !== from.key) refuse('workflow.versionOtherKey', `definition ${input.toDefinitionId} is not a version of ${from.key}`, { key: from.key });
  const oldModel = await engine.modelOf(tx, instance.definitionId);
  const newModel = await engine.modelOf(tx, input.toDefinitionId);
  const target = (id: string) => input.mapping?.[id] ?? id;
  const unmapped: string[] = [];
  const moves: { from: string; to: string }[] = [];
  const executions = await tx.select().from(wfExecutions).where(eq(wfExecutions.instanceId, instance.id));
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
  }
  const jobs = await tx.select().from(wfJobs).where(eq(wfJobs.instanceId, instance.id));
  for (const job of jobs.filter((j) => j.state === 'pending')) {
    if (!newModel.nodes.has(target(job.nodeId))) unmapped.push(job.nodeId);
  }
  return { instanceId, maps: unmapped.length === 0, unmapped: [...new Set(unmapped)], moves };
}

/**
 * Moves running instances to another version of their definition, all or none: an instance
 * with an unmapped token refuses the change. Open tasks keep their approvers; tokens at joins
 * keep waiting.
 */
export async function changeVersion(engine: WorkflowEngine, tx: Tx, input: VersionChangeInput): Promise<VersionChangeReport[]> {
  const reports = await testVersionChange(engine, tx, input);
  const refused = reports.find((r) => !r.maps);
  if (refused) {
    refuse('workflow.versionUnmapped', `instance ${refused.instanceId}: ${refused.unmapped.join(', ')} do not map onto the new version`, {
      id: refused.instanceId,
      nodes: refused.unmapped.join(', '),
    });
  }
  const newModel = await engine.modelOf(tx, input.toDefinitionId);
  const target = (id: string) => input.mapping?.[id] ?? id;
  for (const report of reports) {
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
    for (const j of await tx.select().from(wfJobs).where(eq(wfJobs.instanceId, id))) {
      if (j.state === 'pending') await tx.update(wfJobs).set({ nodeId: target(j.nodeId) }).where(eq(wfJobs.id, j.id));
    }
    await tx.update(wfInstances).set({ definitionId: input.toDefinitionId }).where(eq(wfInstances.id, id));
    const run = await engine.runOf(tx, { ...instance, definitionId: input.toDefinitionId }, input.userId, null);
    await run.history({ nodeId: run.model.id, event: 'operation', action: 'changeVersion', comment: report.moves.map((m) => `${m.from}→${m.to}`).join(', ') });
  }
  return reports;
}
