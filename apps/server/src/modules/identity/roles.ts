import { ADMIN_ROLE_ALIAS } from '@macro/contract/roles';
import type { Tx } from '@macro/store';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../platform/errors.ts';
import { roles } from './tables.ts';

/* What other modules read of roles: that they exist, their names, the administrator role. */

/**
 * Checks that every role exists in the tenant and keeps them from being removed until the
 * transaction ends (a shared key lock): for anyone granting roles.
 */
export async function assertRolesExist(tx: Tx, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique)).for('key share');
  if (found.length !== unique.length) throw notFound('roles.notFound');
}

/**
 * SQL: the names of the roles `roleIds` (a subquery) yields, comma-joined in id order (empty
 * when none); for another module to fold into its own statement.
 */
export function roleNamesSql(roleIds: SQL): SQL {
  return sql`(select coalesce(string_agg(r.role_name, ',' order by r.id), '') from ${roles} r where r.id in (${roleIds}))`;
}

export interface RoleName {
  id: number;
  roleName: string;
  roleAlias: string;
}

/** Names and aliases of these roles, ordered by sort then id. */
export async function rolesByIds(tx: Tx, ids: readonly number[]): Promise<RoleName[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: roles.id, roleName: roles.roleName, roleAlias: roles.roleAlias })
    .from(roles)
    .where(inArray(roles.id, [...new Set(ids)]))
    .orderBy(asc(roles.sort), asc(roles.id));
}

/** The tenant's administrator role (created if missing); returns its id. */
export async function ensureAdminRole(tx: Tx): Promise<number> {
  await tx.insert(roles).values({ roleName: '超级管理员', roleAlias: ADMIN_ROLE_ALIAS, sort: 1 }).onConflictDoNothing();
  return adminRoleId(tx);
}

export async function adminRoleId(tx: Tx): Promise<number> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleAlias, ADMIN_ROLE_ALIAS));
  if (!role) throw notFound('roles.notFound');
  return role.id;
}

/**
 * Locks the administrator role against other changes to who administers the tenant: each
 * change that could leave no enabled administrator takes it first, so two of them cannot each
 * see the other's administrator still there.
 */
export async function lockAdminRole(tx: Tx): Promise<number> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleAlias, ADMIN_ROLE_ALIAS)).for('no key update');
  if (!role) throw notFound('roles.notFound');
  return role.id;
}
