import type { correlateMessageInput, throwSignalInput } from '@macro/contract/workflow';
import type { Ctx } from '@macro/store';
import type { WorkflowEngine } from '@macro/workflow';
import type { Tx } from '@macro/store';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { wfSchemes } from './tables.ts';

/** Only a template that is enabled starts on a message or a signal, as only one does from the task centre (the engine's `startable` port). */
export async function templateEnabled(tx: Tx, key: string): Promise<boolean> {
  return (
    (
      await tx
        .select({ id: wfSchemes.id })
        .from(wfSchemes)
        .where(and(eq(wfSchemes.code, key), eq(wfSchemes.enabled, true)))
    ).length > 0
  );
}

/**
 * A message from another system: moves on the instance waiting for it, or starts the enabled
 * template with a message start event for it (the caller its initiator). Audited either way.
 */
export async function deliverMessage(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof correlateMessageInput>) {
  const result = await engine.correlateMessage(ctx.tx, {
    messageName: input.messageName,
    businessKey: input.businessKey || undefined,
    instanceId: input.instanceId,
    variables: input.variables,
    userId,
  });
  await ctx.audit.record(ctx.tx, ctx.actor, {
    action: result.started ? 'messageStart' : 'message',
    resource: 'workflow-instance',
    resourceId: result.instanceId,
    after: { messageName: input.messageName, variables: Object.keys(input.variables ?? {}) },
  });
  return result;
}

/**
 * A signal from another system: every instance of the tenant waiting for it moves on, every
 * enabled template starting on it starts (the caller their initiator). Audited with the counts.
 */
export async function broadcastSignal(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof throwSignalInput>) {
  const result = await engine.throwSignal(ctx.tx, { signalName: input.signalName, variables: input.variables, userId });
  await ctx.audit.record(ctx.tx, ctx.actor, {
    action: 'signal',
    resource: 'workflow-instance',
    after: { signalName: input.signalName, variables: Object.keys(input.variables ?? {}), ...result },
  });
  return result;
}
