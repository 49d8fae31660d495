import type { Page, PageQuery } from '@macro/contract';
import type { UserBrief, UserFields, UserRecord, userPermission } from '@macro/contract/users';
import { type Ctx, jsonOf, rowsOf, type Tx } from '@macro/store';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, findOr404, lockAll } from '../../platform/crud.ts';
import { withinScope } from '../../platform/dataScope.ts';
import { databaseError, notFound, uniqueViolation, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { permissionCodes } from '../menus/public.ts';
import { departmentNameForReference } from '../org/public.ts';
import { accountLockedSql } from '../auth/public.ts';
import { postPairsSql } from '../posts/public.ts';
import { assertRolesExist, lockAdminRole, roleNamesSql, rolesByIds } from '../identity/public.ts';
import { hashPassword, unusablePasswordHash } from '../identity/public.ts';
import { replacePosts } from './people.ts';
import { USER_STATUS, userPosts, userRoles, users } from '../identity/public.ts';
import { iso } from '../../platform/time.ts';

const RESOURCE = 'user';

/** A concurrent write that took the account first becomes the same 409 as the check before it. */
function inDomainWords(fields: UserFields) {
  return (error: unknown): never => {
    const database = databaseError(error);
    throw (database?.code === '23505' && uniqueViolation(database, { account: fields.account })) || error;
  };
}
const NOT_FOUND = { message: 'users.notFound' };

/**
 * The kit's finder options for users inside the caller's data scope (`scope`, a predicate on
 * `t` from the route context's `dataScope(USER_DATA)`): outside it a user is not found (404),
 * for edits and removals as for reads.
 */
const inScope = (scope: SQL | undefined) => ({ ...NOT_FOUND, where: scope && withinScope(users, scope) });

type UserTableRow = typeof users.$inferSelect;

/** What the audit log keeps of a user: everything but the password hash. */
function recorded(row: UserTableRow): Omit<UserTableRow, 'passwordHash'> {
  const { passwordHash: _hidden, ...rest } = row;
  return rest;
}

export interface UserSearch {
  account?: string;
  name?: string;
  deptId?: number;
}

/**
 * One user record in one statement: the row, its roles (ids and names), its posts and its sign-in
 * lock, each a small probe by key per row, so a page of users is a single round trip.
 */
const USER_COLUMNS = sql`t.id, t.tenant_id, t.account, t.name, t.real_name, t.code, t.phone, t.telephone, t.email,
  t.wechat, t.qq, t.birthday::text as birthday, t.sex, t.dept_id, t.dept_name, t.remark, t.status, t.user_type,
  t.user_ext, t.avatar, t.created_at, t.updated_at,
  array(select ur.role_id from ${userRoles} ur where ur.user_id = t.id order by ur.role_id) as role_ids,
  ${roleNamesSql(sql`select ur.role_id from ${userRoles} ur where ur.user_id = t.id`)} as role_names,
  ${postPairsSql(sql`select up.post_id from ${userPosts} up where up.user_id = t.id`)} as posts,
  ${accountLockedSql(sql`t.tenant_id`, sql`t.account`)} as locked`;

/** `[id, name]` pairs as the driver hands back JSON (parsed, or text on some drivers). */
function postPairs(value: unknown): [number, string][] {
  const pairs = jsonOf<[unknown, unknown][] | null>(value) ?? [];
  return pairs.map(([id, name]) => [Number(id), String(name)]);
}

function toRecord(row: Record<string, unknown>): UserRecord {
  const posts = postPairs(row.posts);
  return {
    id: Number(row.id),
    tenantId: String(row.tenant_id),
    account: String(row.account),
    name: String(row.name),
    realName: String(row.real_name),
    code: String(row.code),
    mobile: String(row.phone),
    telephone: String(row.telephone),
    email: String(row.email),
    wechat: String(row.wechat),
    qq: String(row.qq),
    birthday: row.birthday === null || row.birthday === undefined ? null : String(row.birthday),
    sex: Number(row.sex),
    deptId: row.dept_id === null || row.dept_id === undefined ? null : Number(row.dept_id),
    deptName: String(row.dept_name),
    remark: String(row.remark),
    status: Number(row.status),
    userType: Number(row.user_type),
    userExt: String(row.user_ext),
    avatar: String(row.avatar),
    roleIds: ((row.role_ids as unknown[] | null) ?? []).map(Number),
    roleName: String(row.role_names ?? ''),
    postIds: posts.map(([id]) => id),
    postName: posts.map(([, name]) => name).join(','),
    locked: row.locked === true || row.locked === 't',
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

function matching(search: UserSearch): SQL {
  const parts = [
    sql`true`,
    search.account ? sql`t.account ilike ${containing(search.account)}` : undefined,
    search.name ? sql`(t.name ilike ${containing(search.name)} or t.real_name ilike ${containing(search.name)})` : undefined,
    search.deptId !== undefined ? sql`t.dept_id = ${search.deptId}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return sql.join(parts, sql` and `);
}

/** A page of users; `scope` is the caller's data-scope predicate on `t` (route context `dataScope(USER_DATA)`). */
export async function userPage(tx: Tx, query: PageQuery & UserSearch, scope: SQL = sql`true`): Promise<Page<UserRecord>> {
  const where = sql`${matching(query)} and ${scope}`;
  return listPage(tx, { table: sql`${users}`, where, order: ['id'], columns: USER_COLUMNS, toRecord }, query);
}

/** One user; outside the caller's data scope it does not exist (404). */
export async function userDetail(tx: Tx, id: number, scope: SQL = sql`true`): Promise<UserRecord> {
  const rows = rowsOf(await tx.execute(sql`select ${USER_COLUMNS} from ${users} t where t.id = ${id} and ${scope}`));
  if (!rows.length) throw notFound('users.notFound');
  return toRecord(rows[0]);
}

/**
 * The department's name to store with the user, checked through the organisation module: an
 * unknown department (another tenant's is unknown here) is refused before anything is written.
 */
async function deptNameOf(tx: Tx, deptId: number | null | undefined): Promise<string> {
  if (deptId === null || deptId === undefined) return '';
  const name = await departmentNameForReference(tx, deptId);
  if (name === null) throw notFound('users.deptNotFound', { id: deptId });
  return name;
}

/** Column values of the editable fields. */
function columnsOf(fields: UserFields, deptName: string) {
  return {
    account: fields.account,
    name: fields.name,
    realName: fields.realName,
    code: fields.code,
    phone: fields.mobile,
    telephone: fields.telephone,
    email: fields.email,
    wechat: fields.wechat,
    qq: fields.qq,
    birthday: fields.birthday,
    sex: fields.sex,
    deptId: fields.deptId,
    deptName,
    remark: fields.remark,
    status: fields.status,
    userType: fields.userType,
    userExt: fields.userExt,
  };
}

/** Enabled users holding the administrator role. */
async function enabledAdmins(tx: Tx, adminRole: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${userRoles} ur join ${users} u on u.id = ur.user_id
      where ur.role_id = ${adminRole} and u.status = ${USER_STATUS.enabled}`),
  );
  return Number(row.n);
}

/**
 * Runs a change that could take away the tenant's last enabled administrator, and refuses it
 * (rolling it back) if it did. The administrator role is locked first, so such changes run
 * one after another and each sees what the one before it left.
 */
async function keepingAnAdministrator<T>(tx: Tx, change: () => Promise<T>): Promise<T> {
  const adminRole = await lockAdminRole(tx);
  const before = await enabledAdmins(tx, adminRole);
  const result = await change();
  if (before > 0 && (await enabledAdmins(tx, adminRole)) === 0) throw unprocessable('users.lastAdmin');
  return result;
}

async function replaceRoles(ctx: Ctx, userIds: readonly number[], roleIds: readonly number[]): Promise<void> {
  const { tx } = ctx;
  await assertRolesExist(tx, roleIds);
  const held = await tx
    .select()
    .from(userRoles)
    .where(inArray(userRoles.userId, [...userIds]));
  await tx.delete(userRoles).where(inArray(userRoles.userId, [...userIds]));
  const wanted = [...new Set(roleIds)];
  if (wanted.length) {
    await tx.insert(userRoles).values(userIds.flatMap((userId) => wanted.map((roleId) => ({ userId, roleId }))));
  }
  for (const userId of userIds) {
    await ctx.audit.record(tx, ctx.actor, {
      action: 'grant',
      resource: RESOURCE,
      resourceId: userId,
      before: { roleIds: held.filter((h) => h.userId === userId).map((h) => h.roleId) },
      after: { roleIds: wanted },
    });
  }
}

/**
 * Creates a user with an already accepted password (null: none anyone can type); the account is
 * unique in the tenant.
 */
export async function createManagedUser(ctx: Ctx, fields: UserFields, password: string | null): Promise<UserRecord> {
  const { tx } = ctx;
  await assertUnique(tx, users, eq(users.account, fields.account), { message: 'users.accountExists', params: { account: fields.account } });
  if (fields.roleIds?.length) await assertRolesExist(tx, fields.roleIds);
  const deptName = await deptNameOf(tx, fields.deptId);
  const [row] = await tx
    .insert(users)
    .values({ ...columnsOf(fields, deptName), passwordHash: password === null ? unusablePasswordHash() : await hashPassword(password) })
    .returning()
    .catch(inDomainWords(fields));
  await ctx.audit.record(tx, ctx.actor, { action: 'create', resource: RESOURCE, resourceId: row.id, after: recorded(row) });
  if (fields.roleIds?.length) await replaceRoles(ctx, [row.id], fields.roleIds);
  if (fields.postIds?.length) await replacePosts(ctx, row.id, fields.postIds);
  return userDetail(tx, row.id);
}

/** Updates a user's fields (and roles when `roleIds` is given). */
export async function updateManagedUser(ctx: Ctx, id: number, fields: UserFields, scope?: SQL): Promise<UserRecord> {
  const { tx } = ctx;
  if (id === ctx.actor.userId && fields.status === USER_STATUS.disabled) throw unprocessable('users.disableSelf');
  await keepingAnAdministrator(tx, async () => {
    const before = await findOr404(tx, users, id, { lock: true, ...inScope(scope) });
    const deptName = await deptNameOf(tx, fields.deptId);
    await assertUnique(tx, users, eq(users.account, fields.account), {
      exceptId: id,
      message: 'users.accountExists',
      params: { account: fields.account },
    });
    const [after] = await tx
      .update(users)
      .set({ ...columnsOf(fields, deptName), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .catch(inDomainWords(fields));
    await ctx.audit.record(tx, ctx.actor, { action: 'update', resource: RESOURCE, resourceId: id, before: recorded(before), after: recorded(after) });
    if (fields.roleIds !== undefined) await replaceRoles(ctx, [id], fields.roleIds);
    if (fields.postIds !== undefined) await replacePosts(ctx, id, fields.postIds);
  });
  return userDetail(tx, id);
}

/** Removes users; never yourself, never the last enabled administrator. */
export async function removeUsers(ctx: Ctx, ids: number[], scope?: SQL): Promise<number> {
  const { tx } = ctx;
  if (ctx.actor.userId !== null && ids.includes(ctx.actor.userId)) throw unprocessable('users.removeSelf');
  return keepingAnAdministrator(tx, async () => {
    const doomed = await lockAll(tx, users, [...new Set(ids)], inScope(scope));
    await tx.delete(users).where(inArray(users.id, ids));
    for (const row of doomed) await ctx.audit.record(tx, ctx.actor, { action: 'delete', resource: RESOURCE, resourceId: row.id, before: recorded(row) });
    return doomed.length;
  });
}

/** Enables or disables a user; a disabled user's sessions stop at their next request. */
export async function setUserEnabled(ctx: Ctx, id: number, enabled: boolean, scope?: SQL): Promise<UserRecord> {
  const { tx } = ctx;
  if (!enabled && id === ctx.actor.userId) throw unprocessable('users.disableSelf');
  await keepingAnAdministrator(tx, async () => {
    const before = await findOr404(tx, users, id, { lock: true, ...inScope(scope) });
    const status = enabled ? USER_STATUS.enabled : USER_STATUS.disabled;
    if (before.status === status) return;
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
    await ctx.audit.record(tx, ctx.actor, {
      action: enabled ? 'enable' : 'disable',
      resource: RESOURCE,
      resourceId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  return userDetail(tx, id);
}

/** An administrator sets a user's password; the user must change it at the next sign-in. */
export async function setUserPassword(ctx: Ctx, id: number, password: string, scope?: SQL): Promise<void> {
  const { tx } = ctx;
  await findOr404(tx, users, id, { lock: true, ...inScope(scope) });
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, id));
  await ctx.audit.record(tx, ctx.actor, { action: 'password', resource: RESOURCE, resourceId: id });
}

/** Every user of `userIds` holds exactly `roleIds` afterwards. */
export async function grantRoles(ctx: Ctx, userIds: number[], roleIds: number[], scope?: SQL): Promise<number> {
  const { tx } = ctx;
  const unique = [...new Set(userIds)];
  return keepingAnAdministrator(tx, async () => {
    await lockAll(tx, users, unique, inScope(scope));
    await replaceRoles(ctx, unique, roleIds);
    return unique.length;
  });
}

export async function userPermissions(tx: Tx, id: number, scope?: SQL): Promise<z.output<typeof userPermission>> {
  await findOr404(tx, users, id, inScope(scope));
  const roleIds = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.roleId);
  const held = await rolesByIds(tx, roleIds);
  return { roles: held, permissions: await permissionCodes(tx, roleIds) };
}

const BRIEF = { id: users.id, account: users.account, name: users.name, realName: users.realName, deptId: users.deptId, status: users.status };

/** The users with these ids, in the order asked; unknown ids and users outside the caller's data scope are left out. */
export async function usersByIds(tx: Tx, ids: readonly number[], scope?: SQL): Promise<UserBrief[]> {
  const rows = await tx
    .select(BRIEF)
    .from(users)
    .where(and(inArray(users.id, [...ids]), scope && withinScope(users, scope)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The names of the users with these ids (null and unknown ids left out), for lists that show who did something. */
export async function userNamesOf(tx: Tx, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  return new Map((wanted.length ? await usersByIds(tx, wanted) : []).map((u) => [u.id, u.name]));
}

export async function platformDetail(tx: Tx, id: number, scope?: SQL) {
  const user = await findOr404(tx, users, id, inScope(scope));
  return { id: user.id, account: user.account, name: user.name, userType: user.userType, userExt: user.userExt };
}

export async function updatePlatform(ctx: Ctx, input: { id: number; userType: number; userExt: string }, scope?: SQL) {
  const { tx } = ctx;
  const before = await findOr404(tx, users, input.id, { lock: true, ...inScope(scope) });
  await tx.update(users).set({ userType: input.userType, userExt: input.userExt, updatedAt: new Date() }).where(eq(users.id, input.id));
  await ctx.audit.record(tx, ctx.actor, {
    action: 'update',
    resource: RESOURCE,
    resourceId: input.id,
    before: { userType: before.userType, userExt: before.userExt },
    after: { userType: input.userType, userExt: input.userExt },
  });
  return platformDetail(tx, input.id);
}

// Membership seen from a role (the roles module calls these).

/** The users holding a role, ordered by account. */
export async function usersOfRole(tx: Tx, roleId: number): Promise<UserBrief[]> {
  return tx.select(BRIEF).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(eq(userRoles.roleId, roleId)).orderBy(asc(users.account));
}

/** The users holding `roleId` are exactly `userIds` afterwards. */
export async function setRoleUsers(ctx: Ctx, roleId: number, userIds: number[]): Promise<number> {
  const { tx } = ctx;
  const wanted = [...new Set(userIds)];
  return keepingAnAdministrator(tx, async () => {
    await assertRolesExist(tx, [roleId]);
    if (wanted.length) await lockAll(tx, users, wanted, NOT_FOUND);
    const before = (await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId))).map((r) => r.userId);
    await tx.delete(userRoles).where(and(eq(userRoles.roleId, roleId), wanted.length ? notInArray(userRoles.userId, wanted) : undefined));
    if (wanted.length) {
      await tx
        .insert(userRoles)
        .values(wanted.map((userId) => ({ userId, roleId })))
        .onConflictDoNothing();
    }
    await ctx.audit.record(tx, ctx.actor, { action: 'members', resource: 'role', resourceId: roleId, before: { userIds: before }, after: { userIds: wanted } });
    return wanted.length;
  });
}
