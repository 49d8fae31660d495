import type { Tx } from '@macro/store';
import { actorsOfOpenTasks } from '../runtime/actors.ts';
import { WorkflowEngine } from '../runtime/engine.ts';
import type { ApproverResolver } from '../runtime/ports.ts';
import type { TestDatabase } from './database.ts';

/** Roles and posts of the test organisation: role/post id → users. */
export const ORG: Record<string, number[]> = { 'role:10': [11, 12], 'post:20': [21], 'post:empty': [] };
export const STARTER = 100;

export const testResolver: ApproverResolver = {
  async resolve(_tx, rule, context) {
    if (rule.kind === 'superior') return [context.starterId + 1];
    const prefix = rule.kind === 'post' ? 'post' : 'role';
    return rule.values.flatMap((v) => ORG[`${prefix}:${v}`] ?? []);
  },
};

export class TestClock {
  now = new Date('2026-01-05T09:00:00Z');
  read = () => this.now;
  advance(ms: number) {
    this.now = new Date(this.now.getTime() + ms);
  }
}

export function newEngine(clock = new TestClock()) {
  return new WorkflowEngine({ resolver: testResolver, clock: clock.read });
}

/** The open tasks of an instance with those who may act on each (its assignee, or its candidates). */
export async function openTasksWithActors(tx: Tx, engine: WorkflowEngine, instanceId: number) {
  const actors = await actorsOfOpenTasks(tx, instanceId);
  return (await engine.openTasks(tx, instanceId)).map((task) => ({ ...task, actors: actors.get(task.id) ?? [] }));
}

/**
 * Open tasks of an instance as "node:assignee" (an or-sign task nobody holds yet as
 * "node:candidate|candidate"), sorted: what a person checks in a to-do list.
 */
export async function openTrace(database: TestDatabase, engine: WorkflowEngine, instanceId: number): Promise<string[]> {
  return database.tx(async (tx: Tx) => (await openTasksWithActors(tx, engine, instanceId)).map((t) => `${t.nodeId}:${t.actors.join('|')}`).sort());
}

/** The open task at `nodeId` on which `userId` (default: anyone) may act. */
export async function openTaskAt(tx: Tx, engine: WorkflowEngine, instanceId: number, nodeId: string, userId?: number) {
  const task = (await openTasksWithActors(tx, engine, instanceId)).find((t) => t.nodeId === nodeId && (userId === undefined || t.actors.includes(userId)));
  if (!task) throw new Error(`no open task at ${nodeId}${userId ? ` for ${userId}` : ''}`);
  return { ...task, actor: userId ?? task.actors[0] };
}

/** Approves the open task of `nodeId` (the first one, or one `userId` may act on, as them). */
export async function approveAt(
  database: TestDatabase,
  engine: WorkflowEngine,
  instanceId: number,
  nodeId: string,
  userId?: number,
  variables?: Record<string, unknown>,
) {
  return database.tx(async (tx) => {
    const task = await openTaskAt(tx, engine, instanceId, nodeId, userId);
    await engine.approve(tx, { taskId: task.id, userId: task.actor, variables });
    return task.id;
  });
}
