import type { Tx } from '@macro/store';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { rolesByIds } from './roles.ts';
import { hashPassword } from './password.ts';
import { userRoles, users } from './tables.ts';

export interface NewUser {
  account: string;
  name: string;
  realName?: string;
  password: string;
  roleIds?: number[];
  mustChangePassword?: boolean;
  email?: string;
}

/** Creates a user of the transaction's tenant with a scrypt-hashed password (starter data, tests). */
export async function createUser(tx: Tx, input: NewUser): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      account: input.account,
      name: input.name,
      realName: input.realName ?? input.name,
      passwordHash: await hashPassword(input.password),
      mustChangePassword: input.mustChangePassword ?? false,
      email: input.email ?? '',
    })
    .returning({ id: users.id });
  if (input.roleIds?.length) {
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  return row.id;
}

/**
 * A user as sign-in reads it. The session's `dept_id` travels as text (empty for none), as the
 * token response has always carried it.
 */
export type UserRow = Omit<typeof users.$inferSelect, 'deptId'> & { deptId: string };

const sessionRow = (row: typeof users.$inferSelect | undefined): UserRow | undefined =>
  row && { ...row, deptId: row.deptId === null ? '' : String(row.deptId) };

export async function findUserByAccount(tx: Tx, account: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.account, account));
  return sessionRow(user);
}

export async function findUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  return sessionRow(user);
}

export async function roleIdsOf(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

/** SQL: the department id of a user (a scalar subquery; null when none). */
export function deptIdSql(userId: SQL): SQL {
  return sql`(select ${users.deptId} from ${users} where ${users.id} = ${userId})`;
}

/** SQL: the role ids of a user (a subquery). */
export function roleIdsSql(userId: SQL): SQL {
  return sql`select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${userId}`;
}

export async function roleNamesOf(tx: Tx, userId: number): Promise<{ names: string[]; aliases: string[] }> {
  const held = await rolesByIds(tx, await roleIdsOf(tx, userId));
  return { names: held.map((r) => r.roleName), aliases: held.map((r) => r.roleAlias) };
}

/** How many users hold each of these roles. */
export async function holderCounts(tx: Tx, roleIds: readonly number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await tx
    .select({ roleId: userRoles.roleId, count: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(inArray(userRoles.roleId, [...roleIds]))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.count)]));
}

/**
 * How many users belong to each of these departments (departments with none are absent). The
 * organisation module asks before removing a department. `dept_id` is compared as text so the
 * count holds whether the column stores the id as text or as an integer.
 */
export async function countUsersInDepartments(tx: Tx, deptIds: readonly number[]): Promise<Map<number, number>> {
  if (!deptIds.length) return new Map();
  const ids = sql.join(
    deptIds.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  const deptKey = sql<string>`${users.deptId}::text`;
  const rows = await tx.select({ deptId: deptKey, users: sql<number>`count(*)::int` }).from(users).where(sql`${deptKey} in (${ids})`).groupBy(deptKey);
  return new Map(rows.map((row) => [Number(row.deptId), Number(row.users)]));
}

/**
 * Keeps the department name users store beside their department in step with a rename (the
 * organisation module calls it in the rename's transaction); returns how many users changed.
 */
export async function renameUsersDepartment(tx: Tx, deptId: number, deptName: string): Promise<number> {
  const changed = await tx
    .update(users)
    .set({ deptName })
    .where(and(eq(users.deptId, deptId), sql`${users.deptName} <> ${deptName}`))
    .returning({ id: users.id });
  return changed.length;
}

/** Sets a user's password (scrypt-hashed here) and whether it must be changed at next sign-in. */
export async function setPassword(tx: Tx, userId: number, password: string, mustChangePassword: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The details a user may change about themselves. */
export interface OwnDetails {
  name: string;
  realName?: string;
  email?: string;
  phone?: string;
}

/** Sets a user's own avatar address; returns it before and after (for the audit), or undefined when the user is gone. */
export async function setOwnAvatar(tx: Tx, userId: number, avatar: string): Promise<{ before: { avatar: string }; after: { avatar: string } } | undefined> {
  const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) return undefined;
  await tx.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, userId));
  return { before: { avatar: row.avatar }, after: { avatar } };
}

/** Changes a user's own details; returns them before and after (for the audit), or undefined when the user is gone. */
export async function updateOwnDetails(tx: Tx, userId: number, change: OwnDetails): Promise<{ before: OwnDetails; after: OwnDetails } | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) return undefined;
  const pick = (r: typeof row): OwnDetails => ({ name: r.name, realName: r.realName, email: r.email, phone: r.phone });
  const [updated] = await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return { before: pick(row), after: pick(updated) };
}
