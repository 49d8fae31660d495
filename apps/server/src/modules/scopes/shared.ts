import type { Page } from '@macro/contract';
import { MENU_CATEGORY } from '@macro/contract/menus';
import type { ScopeMenuNode, scopeListQuery } from '@macro/contract/scopes';
import type { Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
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

/** The records with the names of their menus. */
export async function withMenuNames<R extends { menuId: number; menuName: string }>(tx: Tx, records: R[]): Promise<R[]> {
  const names = await menuNames(
    tx,
    records.map((r) => r.menuId),
  );
  return records.map((r) => ({ ...r, menuName: names.get(r.menuId) ?? '' }));
}

/** A page of an API or data scope table, filtered by menu, name and resource as both screens search, with menu names. */
export async function scopePage<R extends { menuId: number; menuName: string }>(
  tx: Tx,
  table: PgTable,
  toRecord: (row: Record<string, unknown>) => R,
  query: z.output<typeof scopeListQuery>,
): Promise<Page<R>> {
  const parts: SQL[] = [
    sql`true`,
    ...(query.menuId ? [sql`t.menu_id = ${query.menuId}`] : []),
    ...(query.scopeName ? [sql`t.scope_name ilike ${containing(query.scopeName)}`] : []),
    ...(query.resourceCode ? [sql`t.resource_code ilike ${containing(query.resourceCode)}`] : []),
  ];
  const page = await listPage(tx, { table: sql`${table}`, where: sql.join(parts, sql` and `), order: ['id'], columns: sql`t.*`, toRecord }, query);
  return { ...page, records: await withMenuNames(tx, page.records) };
}

/** The tenant's menus (its package's, or all), buttons left out, as the scope screens' tree. */
export async function scopeMenuTree(tx: Tx, tenantId: string): Promise<ScopeMenuNode[]> {
  const rows = (await menuRows(tx, await packageMenusOf(tx, tenantId))).filter((m) => m.category === MENU_CATEGORY.menu);
  return buildTree(rows, (m): ScopeMenuNode => ({ id: m.id, parentId: m.parentId, code: m.code, name: m.name, i18n: m.i18n, children: [] }), {
    id: (m) => m.id,
    parentId: (m) => m.parentId,
  });
}
