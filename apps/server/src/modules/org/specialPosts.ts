import type { z } from 'zod';
import type { specialPostHolder, specialPosts as specialPostsSchema } from '@macro/contract/org';
import type { Ctx, Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import { notFound } from '../../platform/errors.ts';
import { existingPostIds, postsByIds } from '../posts/public.ts';
import { lockForTenant } from '../../platform/crud.ts';
import { specialPosts } from './tables.ts';

type SpecialPosts = z.output<typeof specialPostsSchema>;
type Holder = z.output<typeof specialPostHolder>;

/** The posts marked special for a type; posts removed since are left out. */
export async function specialPostsOf(tx: Tx, type: number): Promise<SpecialPosts> {
  const rows = await tx.select({ postId: specialPosts.postId }).from(specialPosts).where(eq(specialPosts.type, type));
  const posts = await postsByIds(
    tx,
    rows.map((r) => r.postId),
  );
  return { type, postList: posts.map((p) => ({ id: p.id, postCode: p.postCode, postName: p.postName })) };
}

/** Replaces the special posts of a type; every post must exist in the tenant. */
export async function saveSpecialPosts(ctx: Ctx, type: number, postIds: number[]): Promise<SpecialPosts> {
  const { tx } = ctx;
  const wanted = [...new Set(postIds)];
  const existing = new Set(await existingPostIds(tx, wanted));
  if (wanted.some((id) => !existing.has(id))) throw notFound('org.postNotFound');
  // One writer per tenant at a time, so two saves cannot interleave their delete and insert.
  await lockForTenant(tx, 'macro_special_post');
  const before = await specialPostsOf(tx, type);
  await tx.delete(specialPosts).where(eq(specialPosts.type, type));
  if (wanted.length) await tx.insert(specialPosts).values(wanted.map((postId) => ({ type, postId })));
  const after = await specialPostsOf(tx, type);
  await ctx.audit.record(tx, ctx.actor, { action: 'update', resource: 'special-post', resourceId: type, before, after });
  return after;
}

/** The special posts of a type with their holders in one company or department (users carry no posts yet: none). */
export async function specialPostHolders(tx: Tx, type: number): Promise<Holder[]> {
  return (await specialPostsOf(tx, type)).postList.map((post) => ({ ...post, users: [] }));
}
