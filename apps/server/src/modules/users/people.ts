import type { Page, PageQuery } from '@macro/contract';
import { DEPT_PERMISSIONS } from '@macro/contract/org';
import { USER_PERMISSIONS, type UserBrief, type userGroupGrantView } from '@macro/contract/users';
import type { Ctx, Tx } from '@macro/store';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertPlatformActor } from '../../platform/crossTenant.ts';
import { findOr404, lockAll } from '../../platform/crud.ts';
import { withinScope } from '../../platform/dataScope.ts';
import { notFound } from '../../platform/errors.ts';
import { rolesGrantCode } from '../menus/public.ts';
import { assertDepartment, companiesBelow, companyOfDepartment, departmentsOfCompanies } from '../org/public.ts';
import { existingPostIds } from '../posts/public.ts';
import { liveGroupsByIds } from '../tenants/public.ts';
import { briefPage, type DirectorySearch, usersInDepartments } from '../identity/public.ts';
import { roleIdsSql } from '../identity/public.ts';
import { USER_STATUS, userGroups, userPosts, users } from '../identity/public.ts';

/*
 * What users hold beside their roles (posts, granted groups, the sign-in lock), and the
 * directory lists other screens pick users from. Kept apart from the user list itself.
 */

const NOT_FOUND = { message: 'users.notFound' };
const RESOURCE = 'user';

// ---- posts users hold

/** The user holds exactly `postIds` afterwards; every post must exist in the tenant (404 otherwise). */
export async function replacePosts(ctx: Ctx, userId: number, postIds: readonly number[]): Promise<void> {
  const { tx } = ctx;
  const wanted = [...new Set(postIds)];
  if ((await existingPostIds(tx, wanted)).length !== wanted.length) throw notFound('users.postNotFound');
  const before = (await tx.select({ postId: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, userId))).map((r) => r.postId);
  if (before.length === wanted.length && before.every((id) => wanted.includes(id))) return;
  await tx.delete(userPosts).where(eq(userPosts.userId, userId));
  if (wanted.length) await tx.insert(userPosts).values(wanted.map((postId) => ({ userId, postId })));
  await ctx.audit.record(tx, ctx.actor, { action: 'posts', resource: RESOURCE, resourceId: userId, before: { postIds: before }, after: { postIds: wanted } });
}

// ---- directories: pages of users in short

/** SQL on `t`: an enabled user whose roles grant `code`. */
const enabledHolderOf = (code: string) => sql`t.status = ${USER_STATUS.enabled} and ${rolesGrantCode(roleIdsSql(sql`t.id`), code)}`;

/** Enabled users of the tenant, for pickers any signed-in user opens. */
export function enabledUsers(tx: Tx, query: PageQuery & DirectorySearch): Promise<Page<UserBrief>> {
  return briefPage(tx, sql`t.status = ${USER_STATUS.enabled}`, query);
}

/** Users who can correct other users' accounts. */
export function maintenanceUsers(tx: Tx, query: PageQuery & DirectorySearch): Promise<Page<UserBrief>> {
  return briefPage(tx, enabledHolderOf(USER_PERMISSIONS.edit), query);
}

/** Users who can change the department. */
export async function departmentMaintenanceUsers(tx: Tx, deptId: number, query: PageQuery & DirectorySearch): Promise<Page<UserBrief>> {
  await assertDepartment(tx, deptId);
  return briefPage(tx, enabledHolderOf(DEPT_PERMISSIONS.edit), query);
}

/**
 * The users of the user's company (`company`) or of the companies below it (`below`). Under a data
 * scope on users (`scope`, on `t`) a user outside it is not found, and the list holds only users inside it.
 */
export async function companyUsersOf(
  tx: Tx,
  userId: number,
  reach: 'company' | 'below',
  query: PageQuery & DirectorySearch,
  scope: SQL = sql`true`,
): Promise<Page<UserBrief>> {
  const user = await findOr404(tx, users, userId, { ...NOT_FOUND, where: withinScope(users, scope) });
  const companyId = user.deptId === null ? null : await companyOfDepartment(tx, user.deptId);
  if (companyId === null) return usersInDepartments(tx, [], query);
  const companyIds = reach === 'company' ? [companyId] : await companiesBelow(tx, companyId);
  return usersInDepartments(tx, await departmentsOfCompanies(tx, companyIds), query, scope);
}

// ---- groups granted to users of the platform tenant

export async function groupGrantView(ctx: Ctx, platformTenant: string, userId: number): Promise<z.output<typeof userGroupGrantView>> {
  assertPlatformActor(ctx, platformTenant);
  await findOr404(ctx.tx, users, userId, NOT_FOUND);
  const ids = (await ctx.tx.select({ groupId: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId))).map((r) => r.groupId);
  // A deleted group drops out of the view (its grant stays harmlessly until the next grant).
  const groups = await liveGroupsByIds(ctx.tx, ids);
  return { userId, groupIds: groups.map((g) => g.id), groups };
}

/** Every user of `userIds` is granted exactly `groupIds` afterwards. */
export async function grantGroups(ctx: Ctx, platformTenant: string, userIds: readonly number[], groupIds: readonly number[]): Promise<number> {
  assertPlatformActor(ctx, platformTenant);
  const { tx } = ctx;
  const targets = [...new Set(userIds)];
  const wanted = [...new Set(groupIds)];
  await lockAll(tx, users, targets, NOT_FOUND);
  if ((await liveGroupsByIds(tx, wanted)).length !== wanted.length) throw notFound('users.groupNotFound');
  const held = await tx.select().from(userGroups).where(inArray(userGroups.userId, targets));
  await tx.delete(userGroups).where(inArray(userGroups.userId, targets));
  if (wanted.length) await tx.insert(userGroups).values(targets.flatMap((userId) => wanted.map((groupId) => ({ userId, groupId }))));
  for (const userId of targets) {
    await ctx.audit.record(tx, ctx.actor, {
      action: 'grant-groups',
      resource: RESOURCE,
      resourceId: userId,
      before: { groupIds: held.filter((h) => h.userId === userId).map((h) => h.groupId) },
      after: { groupIds: wanted },
    });
  }
  return targets.length;
}
