import type { MenuRoute } from '@macro/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { userRoles } from '../users/tables.ts';
import { menus, roleMenus } from './tables.ts';

type MenuRow = typeof menus.$inferSelect;

/** Menus and buttons granted to the user through any of their roles. */
async function grantedMenus(tx: Tx, userId: number, category?: 1 | 2): Promise<MenuRow[]> {
  const rows = await tx
    .selectDistinct({ menu: menus })
    .from(userRoles)
    .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(userRoles.userId, userId), category ? eq(menus.category, category) : undefined))
    .orderBy(asc(menus.sort), asc(menus.id));
  return rows.map((r) => r.menu).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The sidebar: granted menus (not buttons) as a tree. */
export async function menuRoutes(tx: Tx, userId: number): Promise<MenuRoute[]> {
  const rows = await grantedMenus(tx, userId, 1);
  const nodes = new Map<number, MenuRoute>(
    rows.map((m) => [
      m.id,
      {
        id: m.id,
        parentId: m.parentId,
        code: m.code,
        name: m.name,
        path: m.path,
        source: m.source,
        sort: m.sort,
        category: 1,
        isOpen: m.isOpen,
        meta: { i18n: m.i18n, keepAlive: m.keepAlive },
        children: [],
      },
    ]),
  );
  const roots: MenuRoute[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every permission code the user holds: menu and button codes alike. */
export async function permissionCodes(tx: Tx, userId: number): Promise<string[]> {
  return (await grantedMenus(tx, userId)).map((m) => m.code);
}

export interface MenuSeed {
  code: string;
  name: string;
  path?: string;
  source?: string;
  sort?: number;
  category?: 1 | 2;
  i18n?: string;
  children?: MenuSeed[];
}

/** Creates or refreshes the platform menus (by code) and returns every menu id. */
export async function upsertMenus(db: Db, seeds: MenuSeed[], parentId = 0): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, seed] of seeds.entries()) {
    const values = {
      parentId,
      code: seed.code,
      name: seed.name,
      path: seed.path ?? '',
      source: seed.source ?? '',
      sort: seed.sort ?? index + 1,
      category: seed.category ?? 1,
      i18n: seed.i18n ?? '',
    };
    const [row] = await db
      .insert(menus)
      .values(values)
      .onConflictDoUpdate({ target: menus.code, set: values })
      .returning({ id: menus.id });
    ids.push(row.id, ...(await upsertMenus(db, seed.children ?? [], row.id)));
  }
  return ids;
}

/** Grants menus to a role of the transaction's tenant (already granted ones are kept). */
export async function grantMenus(tx: Tx, roleId: number, menuIds: number[]): Promise<void> {
  if (!menuIds.length) return;
  const existing = await tx
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.roleId, roleId), inArray(roleMenus.menuId, menuIds)));
  const have = new Set(existing.map((r) => r.menuId));
  const missing = menuIds.filter((id) => !have.has(id));
  if (missing.length) await tx.insert(roleMenus).values(missing.map((menuId) => ({ roleId, menuId })));
}
