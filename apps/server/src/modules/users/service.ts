import type { UserInfo } from '@macro/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { tenants } from '../tenants/tables.ts';
import { hashPassword } from './password.ts';
import { roles, userRoles, users } from './tables.ts';

export interface NewUser {
  account: string;
  name: string;
  realName?: string;
  password: string;
  roleIds?: number[];
  deptName?: string;
  mustChangePassword?: boolean;
}

/** Creates a user of the transaction's tenant with a scrypt-hashed password. */
export async function createUser(tx: Tx, input: NewUser): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      account: input.account,
      name: input.name,
      realName: input.realName ?? input.name,
      passwordHash: await hashPassword(input.password),
      deptName: input.deptName ?? '',
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  if (input.roleIds?.length) {
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  return row.id;
}

export async function findUserByAccount(tx: Tx, account: string) {
  const [user] = await tx.select().from(users).where(eq(users.account, account));
  return user;
}

export async function roleNamesOf(tx: Tx, userId: number): Promise<{ names: string[]; aliases: string[] }> {
  const rows = await tx
    .select({ name: roles.roleName, alias: roles.roleAlias })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.sort, roles.id);
  return { names: rows.map((r) => r.name), aliases: rows.map((r) => r.alias) };
}

export async function userInfo(tx: Tx, userId: number): Promise<UserInfo> {
  const [row] = await tx
    .select({ user: users, tenantName: tenants.tenantName })
    .from(users)
    .innerJoin(tenants, eq(tenants.tenantId, users.tenantId))
    .where(and(eq(users.id, userId), eq(users.status, 1)));
  if (!row) throw notFound();
  const { names, aliases } = await roleNamesOf(tx, userId);
  const { user } = row;
  return {
    id: user.id,
    tenantId: user.tenantId,
    tenantName: row.tenantName,
    account: user.account,
    name: user.name,
    realName: user.realName,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    roleName: names.join(','),
    roles: aliases,
  };
}

/** Records a failed sign-in; the account locks when failures reach the limit. */
export async function recordFailedLogin(tx: Tx, userId: number, limit: number): Promise<void> {
  await tx
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, locked: sql`${users.failedLogins} + 1 >= ${limit}` })
    .where(eq(users.id, userId));
}

export async function recordSuccessfulLogin(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
}
