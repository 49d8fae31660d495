import { MENU_CATEGORY, type MenuRoute } from '@macro/contract/menus';
import type { Tx } from '@macro/store';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { buildTree } from '../../platform/tree.ts';
import { roles } from '../identity/public.ts';
import { menus, roleMenus } from './tables.ts';

type MenuRow = typeof menus.$inferSelect;

/** Menus and buttons granted through any of these roles. */
async function grantedMenus(tx: Tx, roleIds: readonly number[], category?: 1 | 2): Promise<MenuRow[]> {
  if (!roleIds.length) return [];
  const rows = await tx
    .selectDistinct({ menu: menus })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(inArray(roleMenus.roleId, [...roleIds]), category ? eq(menus.category, category) : undefined))
    .orderBy(asc(menus.sort), asc(menus.id));
  return rows.map((r) => r.menu).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** Menu id → aliases of these roles that grant it (a route's `meta.roles`). */
async function grantingRoles(tx: Tx, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const byMenu = new Map<number, string[]>();
  if (!roleIds.length) return byMenu;
  const rows = await tx
    .select({ menuId: roleMenus.menuId, alias: roles.roleAlias })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(inArray(roleMenus.roleId, [...roleIds]))
    .orderBy(asc(roles.roleAlias));
  for (const { menuId, alias } of rows) byMenu.set(menuId, [...(byMenu.get(menuId) ?? []), alias]);
  return byMenu;
}

/** The sidebar: granted menus (not buttons) as a tree; a granted child of an ungranted folder sits at the top. */
export async function menuRoutes(tx: Tx, roleIds: readonly number[]): Promise<MenuRoute[]> {
  const rows = await grantedMenus(tx, roleIds, MENU_CATEGORY.menu);
  const granting = await grantingRoles(tx, roleIds);
  return buildTree(
    rows,
    (m): MenuRoute => ({
      id: m.id,
      parentId: m.parentId,
      code: m.code,
      name: m.name,
      path: m.path,
      source: m.source,
      sort: m.sort,
      category: 1,
      isOpen: m.isOpen,
      meta: { i18n: m.i18n, keepAlive: m.keepAlive, roles: granting.get(m.id) ?? [] },
      children: [],
    }),
    { id: (m) => m.id, parentId: (m) => m.parentId },
  );
}

/** The top-level menus of the sidebar, for the top navigation bar. */
export async function topMenus(tx: Tx, roleIds: readonly number[]) {
  const tree = await menuRoutes(tx, roleIds);
  return tree.map(({ id, code, name, path, source, sort, meta }) => ({ id, code, name, path, source, sort, i18n: meta.i18n }));
}

/** Every permission code granted through these roles: menu and button codes alike. */
export async function permissionCodes(tx: Tx, roleIds: readonly number[]): Promise<string[]> {
  return (await grantedMenus(tx, roleIds)).map((m) => m.code);
}

/** SQL: whether any of the roles (a subquery of role ids) grants the menu or button `code`. */
export function rolesGrantCode(roleIds: SQL, code: string): SQL {
  return sql`exists (select 1 from ${roleMenus} rm join ${menus} m on m.id = rm.menu_id
    where rm.role_id in (${roleIds}) and m.code = ${code})`;
}

export async function allMenuIds(tx: Tx): Promise<number[]> {
  return (await tx.select({ id: menus.id }).from(menus)).map((m) => m.id);
}

/** Grants menus to a role of the transaction's tenant (already granted ones are kept). */
export async function grantMenus(tx: Tx, roleId: number, menuIds: readonly number[]): Promise<void> {
  if (!menuIds.length) return;
  await tx
    .insert(roleMenus)
    .values(menuIds.map((menuId) => ({ roleId, menuId })))
    .onConflictDoNothing();
}
