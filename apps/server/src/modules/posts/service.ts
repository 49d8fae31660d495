import type { Page, PageQuery } from '@macro/contract';
import type { Post, PostOption, postSubmit } from '@macro/contract/posts';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { conflict } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { postHolderCounts, usersOfPost } from '../identity/public.ts';
import { posts } from './tables.ts';
import { iso } from '../../platform/time.ts';

export type PostInput = z.output<typeof postSubmit>;
export interface PostSearch {
  postCode?: string;
  postName?: string;
}

const RESOURCE = 'post';
const NOT_FOUND = { message: 'posts.notFound' };
const COLUMNS = sql`t.id, t.post_code, t.post_name, t.sort, t.remark, t.created_at, t.updated_at`;

function toPost(row: Record<string, unknown>): Post {
  return {
    id: Number(row.id),
    postCode: String(row.post_code),
    postName: String(row.post_name),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: typeof posts.$inferSelect): Post =>
  toPost({
    id: row.id,
    post_code: row.postCode,
    post_name: row.postName,
    sort: row.sort,
    remark: row.remark,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });

function matching(search: PostSearch): SQL {
  const parts = [
    search.postCode ? sql`t.post_code ilike ${containing(search.postCode)}` : undefined,
    search.postName ? sql`t.post_name ilike ${containing(search.postName)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export function listPosts(tx: Tx, query: PageQuery & PostSearch): Promise<Page<Post>> {
  return listPage(tx, { table: sql`${posts}`, where: matching(query), order: ['sort', 'id'], columns: COLUMNS, toRecord: toPost }, query);
}

export async function postDetail(tx: Tx, id: number): Promise<Post> {
  return fromRow(await findOr404(tx, posts, id, NOT_FOUND));
}

/** Every post as a dropdown option, in list order. */
export async function postOptions(tx: Tx): Promise<PostOption[]> {
  const rows = await tx.select().from(posts).orderBy(asc(posts.sort), asc(posts.id));
  return rows.map((r) => ({ id: r.id, postCode: r.postCode, postName: r.postName, label: r.postName, value: r.id }));
}

/** The posts with these ids that exist in the tenant (other modules validate references with it). */
export async function existingPostIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ${posts} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) for share`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** Names of posts by id, for other modules' views. */
export async function postsByIds(tx: Tx, ids: readonly number[]): Promise<Post[]> {
  if (!ids.length) return [];
  const rows = rowsOf(
    await tx.execute(
      sql`select ${COLUMNS} from ${posts} t where t.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by t.sort, t.id`,
    ),
  );
  return rows.map(toPost);
}

/**
 * SQL: the posts whose ids `postIds` (a subquery) yields, as a JSON array of `[id, name]` ordered
 * as post lists are (sort, id); for another module to fold into its own statement.
 */
export function postPairsSql(postIds: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_array(p.id, p.post_name) order by p.sort, p.id), '[]'::json)
    from ${posts} p where p.id in (${postIds}))`;
}

/** Creates (no id) or updates a post; code and name stay unique in the tenant. */
export async function submitPost(ctx: Ctx, input: PostInput): Promise<Post> {
  const { tx } = ctx;
  await assertUnique(tx, posts, eq(posts.postCode, input.postCode), { exceptId: input.id, message: 'posts.codeExists', params: { code: input.postCode } });
  await assertUnique(tx, posts, eq(posts.postName, input.postName), { exceptId: input.id, message: 'posts.nameExists', params: { name: input.postName } });
  const values = { postCode: input.postCode, postName: input.postName, sort: input.sort, remark: input.remark };
  if (input.id === undefined) return fromRow(await auditedInsert(ctx, posts, RESOURCE, values));
  const before = await findOr404(tx, posts, input.id, { lock: true, ...NOT_FOUND });
  return fromRow(await auditedUpdate(ctx, posts, RESOURCE, before, { ...values, updatedAt: new Date() }));
}

/** Removes posts; a post someone holds is refused (409) and nothing is removed. */
export async function removePosts(ctx: Ctx, ids: number[]): Promise<number> {
  const doomed = await lockAll(ctx.tx, posts, ids, NOT_FOUND);
  const holders = await postHolderCounts(ctx.tx, ids);
  const held = doomed.find((p) => holders.has(p.id));
  if (held) throw conflict('posts.inUse', { name: held.postName, count: holders.get(held.id)! });
  return auditedDelete(ctx, posts, RESOURCE, doomed);
}

/** A page of the users holding a post (the users module keeps who holds what). */
export async function postUsers(tx: Tx, id: number, query: PageQuery): Promise<Page<{ id: number; account: string; name: string }>> {
  await findOr404(tx, posts, id, NOT_FOUND);
  const page = await usersOfPost(tx, id, query);
  return { ...page, records: page.records.map(({ id, account, name }) => ({ id, account, name })) };
}
