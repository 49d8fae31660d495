import { executePrepared, rowsOf, type Tx } from '@macro/store';
import { and, eq, sql } from 'drizzle-orm';
import { refuse } from '../errors.ts';
import { wfDefinitions, wfExecutions, wfInstances } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';
import { batchHistory } from './run.ts';

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
  /** Whether the definition of that key may be started by a message (the server: its template is enabled). */
  startable?: (definitionKey: string) => Promise<boolean>;
}

interface Waiting {
  executionId: number;
  instanceId: number;
  definitionId: number;
  nodeId: string;
}

/**
 * Delivers a message: the tokens of the tenant's running instance waiting for it at a message catch
 * event or receive task move on (its variables merged into the process variables first). No
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
  const starts = await messageStarts(engine, tx, input);
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

/** The tokens of running instances (narrowed as asked) that wait at a node for the message. */
async function waitingFor(engine: WorkflowEngine, tx: Tx, input: CorrelateInput): Promise<Waiting[]> {
  const rows = rowsOf<Waiting>(
    await executePrepared(
      tx,
      sql`select e.id as "executionId", e.instance_id as "instanceId", i.definition_id as "definitionId", e.node_id as "nodeId"
        from ${wfExecutions} e join ${wfInstances} i on i.id = e.instance_id
        where e.state = 'active' and i.state = 'running' and i.deleted_at is null
          ${input.instanceId !== undefined ? sql`and i.id = ${input.instanceId}` : sql``}
          ${input.businessKey !== undefined ? sql`and i.business_key = ${input.businessKey}` : sql``}
        order by e.id`,
    ),
  );
  const found: Waiting[] = [];
  for (const row of rows) {
    const node = (await modelOrNone(engine, tx, Number(row.definitionId)))?.nodes.get(row.nodeId);
    if ((node?.kind === 'messageCatch' || node?.kind === 'receiveTask') && node.message === input.messageName) {
      found.push({ executionId: Number(row.executionId), instanceId: Number(row.instanceId), definitionId: Number(row.definitionId), nodeId: row.nodeId });
    }
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
      const node = run.node(token.nodeId);
      await run.history({ nodeId: node.id, event: 'leave', action: 'message', comment: input.messageName });
      await run.leave(execution, node, false);
      moved += 1;
    }
    if (!moved) refuse('workflow.messageNotFound', `no token of instance ${instanceId} waits for message ${input.messageName} any more`, { name: input.messageName });
  });
}

/** The newest version of each startable definition with a message start event for the message. */
async function messageStarts(engine: WorkflowEngine, tx: Tx, input: CorrelateInput): Promise<{ definitionId: number; nodeId: string }[]> {
  const latest = rowsOf<{ id: number; key: string }>(
    await executePrepared(tx, sql`select distinct on (key) id, key from ${wfDefinitions} order by key, version desc`),
  );
  const starts: { definitionId: number; nodeId: string }[] = [];
  for (const definition of latest) {
    const nodeId = (await modelOrNone(engine, tx, Number(definition.id)))?.messageStarts.get(input.messageName);
    if (nodeId && (!input.startable || (await input.startable(definition.key)))) starts.push({ definitionId: Number(definition.id), nodeId });
  }
  return starts;
}

/** A definition the engine cannot compile any more waits for and starts on no message. */
const modelOrNone = (engine: WorkflowEngine, tx: Tx, definitionId: number) => engine.modelOf(tx, definitionId).catch(() => undefined);
