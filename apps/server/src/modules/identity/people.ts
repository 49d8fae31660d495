import type { Page, PageQuery } from '@macro/contract';
import type { UserBrief } from '@macro/contract/users';
import type { Tx } from '@macro/store';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { containing, listPage } from '../../platform/list.ts';
import { userPosts, users } from './tables.ts';

/* Who holds what, and pages of users in short: what the post, organisation and user screens list. */

/** How many users hold each of these posts (posts nobody holds are absent); the posts module asks before removing. */
export async function postHolderCounts(tx: Tx, postIds: readonly number[]): Promise<Map<number, number>> {
  if (!postIds.length) return new Map();
  const rows = await tx
    .select({ postId: userPosts.postId, count: sql<number>`count(*)::int` })
    .from(userPosts)
    .where(inArray(userPosts.postId, [...postIds]))
    .groupBy(userPosts.postId);
  return new Map(rows.map((r) => [r.postId, Number(r.count)]));
}

export interface DirectorySearch {
  account?: string;
  name?: string;
  /** The account, the nick name or the real name (a picker's one search box). */
  keyword?: string;
}

const BRIEF_COLUMNS = sql`t.id, t.account, t.name, t.real_name, t.dept_id, t.status`;

const toBrief = (row: Record<string, unknown>): UserBrief => ({
  id: Number(row.id),
  account: String(row.account),
  name: String(row.name),
  realName: String(row.real_name),
  deptId: row.dept_id === null || row.dept_id === undefined ? null : Number(row.dept_id),
  status: Number(row.status),
});

/** `t.<column> ilike pattern` for any of the columns. */
const anyOf = (columns: string[], pattern: string) =>
  sql`(${sql.join(
    columns.map((column) => sql`${sql.identifier('t')}.${sql.identifier(column)} ilike ${pattern}`),
    sql` or `,
  )})`;

/** A page of users in short, matching `where` (on `t`) and the directory search. */
export function briefPage(tx: Tx, where: SQL, query: PageQuery & DirectorySearch): Promise<Page<UserBrief>> {
  const parts = [
    where,
    query.account ? sql`t.account ilike ${containing(query.account)}` : undefined,
    query.name ? sql`(t.name ilike ${containing(query.name)} or t.real_name ilike ${containing(query.name)})` : undefined,
    query.keyword ? anyOf(['account', 'name', 'real_name'], containing(query.keyword)) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return listPage(tx, { table: sql`${users}`, where: sql.join(parts, sql` and `), order: ['account', 'id'], columns: BRIEF_COLUMNS, toRecord: toBrief }, query);
}

const idsIn = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The users of these departments (the organisation module's company users call it), narrowed by
 * the caller's data scope on users (`scope`, on `t`).
 */
export function usersInDepartments(tx: Tx, deptIds: readonly number[], query: PageQuery & DirectorySearch, scope: SQL = sql`true`): Promise<Page<UserBrief>> {
  return briefPage(tx, deptIds.length ? sql`t.dept_id in (${idsIn(deptIds)}) and ${scope}` : sql`false`, query);
}

/** The users holding the post, by account (the posts module's `/posts/{id}/users`). */
export function usersOfPost(tx: Tx, postId: number, query: PageQuery): Promise<Page<UserBrief>> {
  return briefPage(tx, sql`exists (select 1 from ${userPosts} up where up.user_id = t.id and up.post_id = ${postId})`, query);
}
