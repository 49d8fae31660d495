import { AUTH_ENDPOINTS, type socialLink } from '@macro/contract/auth';
import type { Ctx, Tx } from '@macro/store';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import type { SweepClient, SweepFixture } from '../../platform/module.ts';
import { route } from '../../platform/module.ts';
import { findUser } from '../identity/public.ts';
import { authSocialLinks } from './tables.ts';

type LinkRow = typeof authSocialLinks.$inferSelect;
type SocialLink = z.infer<typeof socialLink>;

const RESOURCE = 'social-link';

const toLink = (row: LinkRow): SocialLink => ({
  id: row.id,
  userId: row.userId,
  source: row.source,
  externalId: row.externalId,
  createTime: row.createdAt.toISOString(),
});

async function userOr404(tx: Tx, userId: number): Promise<void> {
  if (!(await findUser(tx, userId))) throw notFound('auth.userNotFound');
}

export async function listLinks(tx: Tx, userId: number): Promise<SocialLink[]> {
  await userOr404(tx, userId);
  const rows = await tx
    .select()
    .from(authSocialLinks)
    .where(eq(authSocialLinks.userId, userId))
    .orderBy(desc(authSocialLinks.createdAt), desc(authSocialLinks.id));
  return rows.map(toLink);
}

/** Links a provider's user to a user of the tenant; a provider user already linked is a 409 (unique index). */
export async function linkUser(ctx: Ctx, input: { userId: number; source: string; externalId: string }): Promise<SocialLink> {
  await userOr404(ctx.tx, input.userId);
  return toLink(await auditedInsert(ctx, authSocialLinks, RESOURCE, input));
}

export async function removeLinks(ctx: Ctx, ids: readonly number[]): Promise<number> {
  // Not locked (links are never updated, the request role may not); a concurrent removal deletes nothing twice.
  const rows = await ctx.tx
    .select()
    .from(authSocialLinks)
    .where(inArray(authSocialLinks.id, [...ids]));
  return auditedDelete(ctx, authSocialLinks, RESOURCE, rows);
}

/** The link of this provider's user, if an administrator made one. */
export async function linkedUserId(tx: Tx, source: string, externalId: string): Promise<number | undefined> {
  const [link] = await tx
    .select({ userId: authSocialLinks.userId })
    .from(authSocialLinks)
    .where(and(eq(authSocialLinks.source, source), eq(authSocialLinks.externalId, externalId)));
  return link?.userId;
}

export function linkRoutes() {
  return [
    route(AUTH_ENDPOINTS.socialLinks, ({ query }, { tx }) => listLinks(tx, query.userId)),
    route(AUTH_ENDPOINTS.socialLinkSubmit, ({ body }, ctx) => linkUser(ctx, body)),
    route(AUTH_ENDPOINTS.socialLinkRemove, async ({ body }, ctx) => ({ removed: await removeLinks(ctx, body.ids) })),
  ];
}

/** The owner links its administrator to a provider user; the marker is that user's external id. */
export async function linkSweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'SocialLinkSweepMarker';
  const me = await owner.get('/api/macro-user/info');
  const userId = (me.json() as { data: { id: number } }).data.id;
  const response = await owner.post(`/api${AUTH_ENDPOINTS.socialLinkSubmit.path}`, { userId, source: 'sweep', externalId: marker });
  if (response.statusCode !== 200) throw new Error(`auth sweep fixture: ${response.body}`);
  const link = (response.json() as { data: SocialLink }).data;
  return {
    marker,
    query: { userId: String(userId) },
    body: { userId, ids: [link.id], source: 'sweep', externalId: 'stolen' },
    snapshot: async () => (await owner.get(`/api${AUTH_ENDPOINTS.socialLinks.path}?userId=${userId}`)).body,
  };
}
