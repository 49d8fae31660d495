import type { correlateMessageInput } from '@macro/contract/workflow';
import type { Ctx } from '@macro/store';
import { correlateMessage, type WorkflowEngine } from '@macro/workflow';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { wfSchemes } from './tables.ts';

/**
 * A message from another system: moves on the instance waiting for it, or starts the enabled
 * template with a message start event for it (the caller its initiator). Audited either way.
 */
export async function deliverMessage(ctx: Ctx, engine: WorkflowEngine, userId: number, input: z.output<typeof correlateMessageInput>) {
  const result = await correlateMessage(engine, ctx.tx, {
    messageName: input.messageName,
    businessKey: input.businessKey || undefined,
    instanceId: input.instanceId,
    variables: input.variables,
    userId,
    // Only a template that is enabled starts on a message, as only one does from the task centre.
    startable: async (key) => (await ctx.tx.select({ id: wfSchemes.id }).from(wfSchemes).where(and(eq(wfSchemes.code, key), eq(wfSchemes.enabled, true)))).length > 0,
  });
  await ctx.audit.record(ctx.tx, ctx.actor, {
    action: result.started ? 'messageStart' : 'message',
    resource: 'workflow-instance',
    resourceId: result.instanceId,
    after: { messageName: input.messageName, variables: Object.keys(input.variables ?? {}) },
  });
  return result;
}
