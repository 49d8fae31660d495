import type { ScopeMenuNode } from '@macro/contract/scopes';
import { MENU_CATEGORY } from '@macro/contract/menus';
import type { Tx } from '@macro/store';
import { badRequest } from '../../platform/errors.ts';
import { buildTree } from '../../platform/tree.ts';
import { existingMenuIds, menuRows } from '../menus/public.ts';
import { packageMenusOf } from '../tenants/public.ts';

export const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export async function assertMenuExists(tx: Tx, menuId: number): Promise<void> {
  if (!(await existingMenuIds(tx, [menuId])).length) throw badRequest('scopes.menuNotFound');
}

/** id → name of these menus. */
export async function menuNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  return new Map((await menuRows(tx, unique)).map((m) => [m.id, m.name]));
}

/** The tenant's menus (its package's, or all), buttons left out, as the scope screens' tree. */
export async function scopeMenuTree(tx: Tx, tenantId: string): Promise<ScopeMenuNode[]> {
  const rows = (await menuRows(tx, await packageMenusOf(tx, tenantId))).filter((m) => m.category === MENU_CATEGORY.menu);
  return buildTree(rows, (m): ScopeMenuNode => ({ id: m.id, parentId: m.parentId, code: m.code, name: m.name, i18n: m.i18n, children: [] }), {
    id: (m) => m.id,
    parentId: (m) => m.parentId,
  });
}
