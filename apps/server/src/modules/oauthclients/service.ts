import { randomBytes } from 'node:crypto';
import type { Page } from '@macro/contract';
import type { OAuthClient, OAuthClientWithSecret, oauthClientCreate, oauthClientListQuery, oauthClientUpdate } from '@macro/contract/oauthclients';
import type { Ctx, Tx } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertPlatformActor, inOtherTenant } from '../../platform/crossTenant.ts';
import { findOr404 } from '../../platform/crud.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { oauthClients } from '../auth/public.ts';
import { hashPassword } from '../identity/public.ts';
import { findUserByAccount } from '../identity/public.ts';
import { iso } from '../../platform/time.ts';

type ClientRow = typeof oauthClients.$inferSelect;
type ClientBody = z.output<typeof oauthClientUpdate>;

const RESOURCE = 'oauth-client';

/** 32 random bytes, URL-safe: what the integration sends as its HTTP Basic password. */
const newSecret = () => randomBytes(32).toString('base64url');

export function toClient(row: ClientRow): OAuthClient {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    grants: row.grants,
    accessTtl: row.accessTtl,
    refreshTtl: row.refreshTtl,
    redirectUris: row.redirectUris,
    enabled: row.enabled,
    serviceTenantId: row.serviceTenantId,
    serviceAccount: row.serviceAccount,
    createTime: iso(row.createdAt),
    updateTime: iso(row.updatedAt),
  };
}

/**
 * Administration of the confidential OAuth clients: platform-wide rows, so only the platform
 * tenant's administrators reach them (on top of the route's permission code). Audit records
 * carry the client as lists show it: never the secret, not even hashed.
 */
export function oauthClientService(deps: ModuleDeps) {
  const platform = deps.config.defaultTenantId;
  const find = (tx: Tx, id: number, lock = false) => findOr404(tx, oauthClients, id, { lock, message: 'oauthclients.notFound' });
  const audit = (ctx: Ctx, action: string, id: number, change: { before?: OAuthClient; after?: OAuthClient | Record<string, unknown> }) =>
    ctx.audit.record(ctx.tx, ctx.actor, { action, resource: RESOURCE, resourceId: id, ...change });

  /**
   * The service account of a client allowed `client_credentials`, checked to exist in its tenant
   * (through the audited cross-tenant path); without the grant, none is kept.
   */
  async function serviceAccountOf(ctx: Ctx, body: ClientBody) {
    if (!body.grants.includes('client_credentials') || !body.serviceTenantId || !body.serviceAccount) {
      return { serviceTenantId: null, serviceAccount: null };
    }
    const { serviceTenantId: tenantId, serviceAccount: account } = body;
    const user = await inOtherTenant(ctx, platform, tenantId, 'oauth-client-service-account', ({ tx }) => findUserByAccount(tx, account));
    if (!user) throw badRequest('oauthclients.serviceAccountNotFound', { tenantId, account });
    return { serviceTenantId: tenantId, serviceAccount: account };
  }

  async function change(ctx: Ctx, id: number, values: Partial<typeof oauthClients.$inferInsert>, action = 'update'): Promise<ClientRow> {
    assertPlatformActor(ctx, platform);
    const before = await find(ctx.tx, id, true);
    const [after] = await ctx.tx
      .update(oauthClients)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(oauthClients.id, id))
      .returning();
    await audit(ctx, action, id, { before: toClient(before), after: toClient(after) });
    return after;
  }

  return {
    async list(ctx: Ctx, query: z.output<typeof oauthClientListQuery>): Promise<Page<OAuthClient>> {
      assertPlatformActor(ctx, platform);
      const where = query.keyword ? sql`(t.client_id ilike ${containing(query.keyword)} or t.name ilike ${containing(query.keyword)})` : sql`true`;
      return listPage(
        ctx.tx,
        {
          table: sql`${oauthClients}`,
          where,
          order: ['id'],
          columns: sql`t.*`,
          toRecord: (row) =>
            toClient({
              id: Number(row.id),
              clientId: String(row.client_id),
              name: String(row.name),
              secretHash: '',
              grants: row.grants as string[],
              accessTtl: Number(row.access_ttl),
              refreshTtl: Number(row.refresh_ttl),
              redirectUris: row.redirect_uris as string[],
              enabled: Boolean(row.enabled),
              serviceTenantId: (row.service_tenant_id as string | null) ?? null,
              serviceAccount: (row.service_account as string | null) ?? null,
              createdAt: new Date(row.created_at as string),
              updatedAt: new Date(row.updated_at as string),
            }),
        },
        query,
      );
    },

    async detail(ctx: Ctx, id: number): Promise<OAuthClient> {
      assertPlatformActor(ctx, platform);
      return toClient(await find(ctx.tx, id));
    },

    async create(ctx: Ctx, body: z.output<typeof oauthClientCreate>): Promise<OAuthClientWithSecret> {
      assertPlatformActor(ctx, platform);
      // The console's id is answered by the token endpoint before any stored client.
      const [taken] = await ctx.tx.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.clientId, body.clientId));
      if (taken || body.clientId === deps.config.clientId) throw conflict('oauthclients.clientIdTaken', { clientId: body.clientId });
      const clientSecret = newSecret();
      const [row] = await ctx.tx
        .insert(oauthClients)
        .values({ ...body, ...(await serviceAccountOf(ctx, body)), secretHash: await hashPassword(clientSecret) })
        .returning();
      const client = toClient(row);
      await audit(ctx, 'create', row.id, { after: client });
      return { client, clientSecret };
    },

    async update(ctx: Ctx, id: number, body: z.output<typeof oauthClientUpdate>): Promise<OAuthClient> {
      return toClient(await change(ctx, id, { ...body, ...(await serviceAccountOf(ctx, body)) }));
    },

    async setEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<OAuthClient> {
      return toClient(await change(ctx, id, { enabled }, enabled ? 'enable' : 'disable'));
    },

    /** The new secret replaces the old hash in the same row: the old secret fails from this commit on. */
    async rotateSecret(ctx: Ctx, id: number): Promise<OAuthClientWithSecret> {
      const clientSecret = newSecret();
      const row = await change(ctx, id, { secretHash: await hashPassword(clientSecret) }, 'rotate-secret');
      return { client: toClient(row), clientSecret };
    },

    async remove(ctx: Ctx, id: number): Promise<{ removed: number }> {
      assertPlatformActor(ctx, platform);
      const before = await find(ctx.tx, id, true);
      await ctx.tx.delete(oauthClients).where(eq(oauthClients.id, id));
      await audit(ctx, 'delete', id, { before: toClient(before) });
      return { removed: 1 };
    },
  };
}
