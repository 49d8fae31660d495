import type { Tx } from '@macro/store';
import { and, eq } from 'drizzle-orm';
import type { FlowNode } from '../definitions/model.ts';
import { refuse } from '../errors.ts';
import { wfExecutions } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';
import { batchHistory, type Execution, type Run } from './run.ts';
import { catchingNode, eventStarts, type WaitingToken, waitingTokens } from './waiting.ts';

export interface SignalInput {
  signalName: string;
  /** Merged into the process variables of each instance the signal moves or starts. */
  variables?: Record<string, unknown>;
  /** Who throws: the history's actor, and the initiator of the processes the signal starts. */
  userId: number;
}

export interface SignalResult {
  /** Instances with a token the signal moved on. */
  moved: number;
  /** Instances started by a signal start event. */
  started: number;
}

/** A signal thrown while one is being broadcast throws again: past this depth it is a loop, and the operation is refused. */
const MAX_DEPTH = 8;
const depthOf = new WeakMap<Tx, number>();

/**
 * Throws a signal in the tenant, from outside any process: every token of a running instance
 * waiting for it (intermediate signal catch event, event-based gateway before one, activity with
 * a signal boundary event) moves on, and the newest version of each startable definition with a
 * signal start event for it starts. Nothing waiting is no error: a signal is a broadcast.
 */
export async function throwSignal(engine: WorkflowEngine, tx: Tx, input: SignalInput): Promise<SignalResult> {
  return broadcast(engine, tx, input);
}

/**
 * A signal throw or end event of `run` throws its signal: as `throwSignal`, the throwing instance
 * (already locked) moved by its own run, its throwing token and the scopes holding it left alone.
 */
export async function signalFromRun(engine: WorkflowEngine, run: Run, execution: Execution, node: FlowNode): Promise<void> {
  const spared = new Set<number>([execution.id]);
  for (let parentId = execution.parentId; parentId !== null; ) {
    spared.add(parentId);
    const [parent] = await run.tx.select({ parentId: wfExecutions.parentId }).from(wfExecutions).where(eq(wfExecutions.id, parentId));
    parentId = parent?.parentId ?? null;
  }
  // A timer's run acts for nobody: what the signal starts is then the throwing instance's initiator's.
  await broadcast(engine, run.tx, { signalName: node.signal!, userId: run.actorId || run.instance.starterId }, { run, spared });
}

async function broadcast(engine: WorkflowEngine, tx: Tx, input: SignalInput, from?: { run: Run; spared: Set<number> }): Promise<SignalResult> {
  const name = input.signalName;
  const depth = (depthOf.get(tx) ?? 0) + 1;
  if (depth > MAX_DEPTH) refuse('workflow.signalLoop', `signal ${name} keeps throwing signals: more than ${MAX_DEPTH} in one operation`, { name });
  depthOf.set(tx, depth);
  try {
    return await batchHistory(tx, async () => {
      const caught = await catchersOf(engine, tx, name, from?.spared);
      let moved = 0;
      // Ascending instance ids: two broadcasts lock the instances they share in one order and cannot deadlock each other.
      for (const instanceId of [...caught.keys()].sort((a, b) => a - b)) {
        if (await moveInstance(engine, tx, instanceId, caught.get(instanceId)!, input, from?.run)) moved += 1;
      }
      const starts = await eventStarts(engine, tx, (model) => model.signalStarts.get(name));
      for (const start of starts) {
        await engine.startDefinition(tx, start.definitionId, { starterId: input.userId, variables: input.variables, startAt: start.nodeId });
      }
      return { moved, started: starts.length };
    });
  } finally {
    depthOf.set(tx, depth - 1);
  }
}

interface Catch {
  token: WaitingToken;
  /** The signal catch event or signal boundary event that catches it. */
  event: FlowNode;
}

/** The tokens waiting for the signal, by instance, each with the event that catches it. */
async function catchersOf(engine: WorkflowEngine, tx: Tx, name: string, spared = new Set<number>()): Promise<Map<number, Catch[]>> {
  const catches = (node: FlowNode) => node.kind === 'signalCatch' && node.signal === name;
  const byInstance = new Map<number, Catch[]>();
  for (const token of await waitingTokens(engine, tx)) {
    if (spared.has(token.executionId)) continue;
    const node = token.model.nodes.get(token.nodeId);
    const boundary = node?.boundary.map((id) => token.model.nodes.get(id)!).find((b) => b.kind === 'boundarySignal' && b.signal === name);
    const event = catchingNode(token, catches) ?? boundary;
    if (event) byInstance.set(token.instanceId, [...(byInstance.get(token.instanceId) ?? []), { token, event }]);
  }
  return byInstance;
}

/** Moves the instance's tokens that still wait for the signal once it is locked; whether any did. */
async function moveInstance(engine: WorkflowEngine, tx: Tx, instanceId: number, catches: Catch[], input: SignalInput, thrower?: Run): Promise<boolean> {
  let run = thrower?.instance.id === instanceId ? thrower : undefined;
  if (!run) {
    const instance = await engine.lockInstance(tx, instanceId).catch(() => undefined);
    if (instance?.state !== 'running') return false;
    run = await engine.runOf(tx, instance, input.userId, null);
  }
  let moved = false;
  for (const { token, event } of catches) {
    const [execution] = await tx
      .select()
      .from(wfExecutions)
      .where(and(eq(wfExecutions.id, token.executionId), eq(wfExecutions.nodeId, token.nodeId), eq(wfExecutions.state, token.state)));
    if (!execution) continue;
    if (!moved && input.variables) await run.setVariables(input.variables);
    moved = true;
    if (event.kind === 'boundarySignal') await run.boundaryFired(execution, event, { action: 'signal', comment: input.signalName });
    else await run.eventHappened(execution, event, { action: 'signal', comment: input.signalName });
  }
  return moved;
}
