import { executePrepared, rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import type { FlowNode, ProcessModel } from '../definitions/model.ts';
import { wfDefinitions, wfExecutions, wfInstances } from '../tables.ts';
import type { WorkflowEngine } from './engine.ts';

/*
 * What events from outside an instance (messages, signals) find: the tokens waiting for one,
 * and the definitions that start on one. Nothing is subscribed ahead: where a token waits is
 * the subscription, so a token that moved on waits for nothing any more.
 */

export interface WaitingToken {
  executionId: number;
  instanceId: number;
  /** Where the token is: a catch event, a receive task, an event-based gateway, an activity with boundary events. */
  nodeId: string;
  /** active (at a node) | scope (a sub-process or counter-sign holding its boundary events) */
  state: string;
  model: ProcessModel;
}

/**
 * The tokens of the tenant's running instances that stand at a node (not parked at a join), in
 * the order they were made, narrowed to an instance or business key; a counter-signer's token is
 * left out (its node's scope token holds the node's boundary events).
 */
export async function waitingTokens(engine: WorkflowEngine, tx: Tx, narrow: { instanceId?: number; businessKey?: string } = {}): Promise<WaitingToken[]> {
  const rows = rowsOf<{ executionId: number; instanceId: number; definitionId: number; nodeId: string; state: string }>(
    await executePrepared(
      tx,
      sql`select e.id as "executionId", e.instance_id as "instanceId", i.definition_id as "definitionId", e.node_id as "nodeId", e.state
        from ${wfExecutions} e join ${wfInstances} i on i.id = e.instance_id
        where e.state in ('active', 'scope') and i.state = 'running' and i.deleted_at is null
          and not exists (select 1 from ${wfExecutions} p where p.id = e.parent_id and p.node_id = e.node_id)
          ${narrow.instanceId !== undefined ? sql`and i.id = ${narrow.instanceId}` : sql``}
          ${narrow.businessKey !== undefined ? sql`and i.business_key = ${narrow.businessKey}` : sql``}
        order by e.id`,
    ),
  );
  const tokens: WaitingToken[] = [];
  for (const row of rows) {
    const model = await modelOrNone(engine, tx, Number(row.definitionId));
    if (model) tokens.push({ executionId: Number(row.executionId), instanceId: Number(row.instanceId), nodeId: row.nodeId, state: row.state, model });
  }
  return tokens;
}

/**
 * The node a token waits at for an event `matches`: the node itself, or — at an event-based
 * gateway — the first event after it that does; undefined when the token waits for no such event.
 */
export function catchingNode(token: WaitingToken, matches: (node: FlowNode) => boolean): FlowNode | undefined {
  if (token.state !== 'active') return undefined;
  const node = token.model.nodes.get(token.nodeId);
  if (!node) return undefined;
  if (node.kind !== 'eventGateway') return matches(node) ? node : undefined;
  return node.outgoing.map((f) => token.model.nodes.get(token.model.flows.get(f)!.target)!).find(matches);
}

/**
 * The newest version of each definition whose start event `startOf` names (a message's or a
 * signal's), when the definition may start on it (`startable`, else the engine's port, else
 * every one).
 */
export async function eventStarts(
  engine: WorkflowEngine,
  tx: Tx,
  startOf: (model: ProcessModel) => string | undefined,
  startable?: (definitionKey: string) => Promise<boolean>,
): Promise<{ definitionId: number; nodeId: string }[]> {
  const latest = rowsOf<{ id: number; key: string }>(
    await executePrepared(tx, sql`select distinct on (key) id, key from ${wfDefinitions} order by key, version desc`),
  );
  const may = startable ?? ((key: string) => engine.options.startable?.(tx, key) ?? Promise.resolve(true));
  const starts: { definitionId: number; nodeId: string }[] = [];
  for (const definition of latest) {
    const model = await modelOrNone(engine, tx, Number(definition.id));
    const nodeId = model && startOf(model);
    if (nodeId && (await may(definition.key))) starts.push({ definitionId: Number(definition.id), nodeId });
  }
  return starts;
}

/** A definition the engine cannot compile any more waits for and starts on nothing. */
const modelOrNone = (engine: WorkflowEngine, tx: Tx, definitionId: number) => engine.modelOf(tx, definitionId).catch(() => undefined);
