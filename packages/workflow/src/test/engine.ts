import type { Tx } from '@macro/store';
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

/** Open tasks of an instance as "node:assignee", sorted: what a person checks in a to-do list. */
export async function openTrace(database: TestDatabase, engine: WorkflowEngine, instanceId: number): Promise<string[]> {
  return database.tx(async (tx: Tx) => (await engine.openTasks(tx, instanceId)).map((t) => `${t.nodeId}:${t.assigneeId}`).sort());
}

/** Approves the open task of `nodeId` (the first one, or that of `userId`). */
export async function approveAt(database: TestDatabase, engine: WorkflowEngine, instanceId: number, nodeId: string, userId?: number, variables?: Record<string, unknown>) {
  return database.tx(async (tx) => {
    const task = (await engine.openTasks(tx, instanceId)).find((t) => t.nodeId === nodeId && (userId === undefined || t.assigneeId === userId));
    if (!task) throw new Error(`no open task at ${nodeId}${userId ? ` for ${userId}` : ''}`);
    await engine.approve(tx, { taskId: task.id, userId: task.assigneeId, variables });
    return task.id;
  });
}
