import type { Ctx } from '@macro/store';
import { TENANT_SETTING } from '@macro/store';
import { sql } from 'drizzle-orm';
import { AppError } from './errors.ts';

/** Whether the actor belongs to the platform tenant, whose administrators manage every tenant. */
export function isPlatformActor(ctx: Ctx, platformTenant: string): boolean {
  return ctx.actor.tenantId === platformTenant;
}

/** Refuses, with 403, an actor outside the platform tenant. */
export function assertPlatformActor(ctx: Ctx, platformTenant: string): void {
  if (!isPlatformActor(ctx, platformTenant)) throw new AppError(403, 'common.platformOnly');
}

/**
 * The one path by which a platform administrator acts inside another tenant. Only an actor of
 * the platform tenant may take it. Within the request's own transaction the tenant scope
 * switches to the target for `work` (row-level security then shows that tenant, and only it)
 * and back afterwards; the crossing is audited in both tenants, and what `work` changes is
 * audited in the target tenant as done by `platform:<account>`.
 */
export async function inOtherTenant<T>(ctx: Ctx, platformTenant: string, target: string, purpose: string, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  assertPlatformActor(ctx, platformTenant);
  const { tx, audit, actor } = ctx;
  const crossing = { action: 'cross-tenant', resource: 'tenant', resourceId: target, after: { purpose, from: actor.tenantId } };
  await audit.record(tx, actor, crossing);
  if (target === actor.tenantId) return work(ctx);
  await tx.execute(sql`select set_config(${TENANT_SETTING}, ${target}, true)`);
  const visitor = { ...actor, tenantId: target, userId: null, account: `platform:${actor.account}` };
  await audit.record(tx, visitor, crossing);
  const result = await work({ tx, audit, actor: visitor });
  // On failure the whole transaction rolls back, scope included; on success it returns home.
  await tx.execute(sql`select set_config(${TENANT_SETTING}, ${actor.tenantId}, true)`);
  return result;
}
