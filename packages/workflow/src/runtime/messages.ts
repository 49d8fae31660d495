import type { Tx } from '@macro/store';
import { and, eq } from 'drizzle-orm';
import type { FlowNode } from '../definitions/model.ts';
import { refuse } from '../errors.ts';
import { wfExecutions } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';
import { batchHistory } from './run.ts';
import { catchingNode, eventStarts, waitingTokens } from './waiting.ts';

export interface CorrelateInput {
  messageName: string;
  /** Narrows the waiting instances to those of this business key. */
  businessKey?: string;
  /** Narrows to this instance; a message with one never starts a process. */
  instanceId?: number;
  /** Merged into the process variables of the instance it moves (or starts). */
  variables?: Record<string, unknown>;
  /** Who correlates: the history's actor, and the initiator of a process the message starts. */
  userId: number;
  /** Whether the definition of that key may be started by a message; absent, the engine's `startable` port decides. */
  startable?: (definitionKey: string) => Promise<boolean>;
}

interface Waiting {
  executionId: number;
  instanceId: number;
  /** Where the token is (the event, or the event-based gateway before it). */
  nodeId: string;
  /** The catch event or receive task that receives the message. */
  eventId: string;
}

/**
 * Delivers a message: the tokens of the tenant's running instance waiting for it at a message catch
 * event or receive task (or an event-based gateway before one) move on (its variables merged into the process variables first). No
 * instance waiting refuses `messageNotFound`, several `messageAmbiguous`, unless — without an
 * instance id — the newest version of a startable definition has a message start event for it:
 * then that starts a new instance. Everything happens in the caller's transaction.
 */
export async function correlateMessage(engine: WorkflowEngine, tx: Tx, input: CorrelateInput): Promise<{ instanceId: number; started: boolean }> {
  const name = input.messageName;
  const waiting = await waitingFor(engine, tx, input);
  const instanceIds = [...new Set(waiting.map((w) => w.instanceId))];
  if (instanceIds.length > 1) refuse('workflow.messageAmbiguous', `${instanceIds.length} instances wait for message ${name}`, { name });
  if (instanceIds.length === 1) {
    await deliver(engine, tx, instanceIds[0], waiting, input);
    return { instanceId: instanceIds[0], started: false };
  }
  if (input.instanceId !== undefined) refuse('workflow.messageNotFound', `instance ${input.instanceId} does not wait for message ${name}`, { name });
  const starts = await eventStarts(engine, tx, (model) => model.messageStarts.get(name), input.startable);
  if (starts.length > 1) refuse('workflow.messageAmbiguous', `${starts.length} processes start on message ${name}`, { name });
  if (!starts.length) refuse('workflow.messageNotFound', `nothing waits for or starts on message ${name}`, { name });
  const { instance } = await batchHistory(tx, () =>
    engine.startDefinition(tx, starts[0].definitionId, {
      starterId: input.userId,
      businessKey: input.businessKey,
      variables: input.variables,
      startAt: starts[0].nodeId,
    }),
  );
  return { instanceId: instance.id, started: true };
}

/** The tokens of running instances (narrowed as asked) that wait for the message, and where they catch it. */
async function waitingFor(engine: WorkflowEngine, tx: Tx, input: CorrelateInput): Promise<Waiting[]> {
  const receives = (node: FlowNode) => (node.kind === 'messageCatch' || node.kind === 'receiveTask') && node.message === input.messageName;
  const found: Waiting[] = [];
  for (const token of await waitingTokens(engine, tx, { instanceId: input.instanceId, businessKey: input.businessKey })) {
    const event = catchingNode(token, receives);
    if (event) found.push({ executionId: token.executionId, instanceId: token.instanceId, nodeId: token.nodeId, eventId: event.id });
  }
  return found;
}

/** Every token of the instance waiting for the message moves on, after the instance is locked and each token read again. */
async function deliver(engine: WorkflowEngine, tx: Tx, instanceId: number, waiting: Waiting[], input: CorrelateInput): Promise<void> {
  await batchHistory(tx, async () => {
    const instance = await engine.lockInstance(tx, instanceId);
    if (instance.state !== 'running') refuse('workflow.messageNotFound', `instance ${instanceId} is ${instance.state}`, { name: input.messageName });
    const run = await engine.runOf(tx, instance, input.userId, null);
    if (input.variables) await run.setVariables(input.variables);
    let moved = 0;
    for (const token of waiting.filter((w) => w.instanceId === instanceId)) {
      const [execution] = await tx
        .select()
        .from(wfExecutions)
        .where(and(eq(wfExecutions.id, token.executionId), eq(wfExecutions.nodeId, token.nodeId), eq(wfExecutions.state, 'active')));
      if (!execution) continue;
      await run.eventHappened(execution, run.node(token.eventId), { action: 'message', comment: input.messageName });
      moved += 1;
    }
    if (!moved)
      refuse('workflow.messageNotFound', `no token of instance ${instanceId} waits for message ${input.messageName} any more`, { name: input.messageName });
  });
}
