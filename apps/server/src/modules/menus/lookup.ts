import { rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import { roleMenus } from './tables.ts';

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Which of these ids are menus or buttons of the platform. */
export async function existingMenuIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from macro_menu where id in (${list(ids)})`)).map((r) => Number(r.id));
}

/**
 * What a set of chosen menus opens: the menus themselves, the folders above them (so the
 * sidebar can show them) and the buttons directly under them.
 */
export async function menusOpenedBy(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with recursive up as (
        select id, parent_id from macro_menu where id in (${list(ids)})
        union
        select m.id, m.parent_id from macro_menu m join up on m.id = up.parent_id
      )
      select id from up
      union
      select id from macro_menu where category = 2 and parent_id in (${list(ids)})`),
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Withdraws from every role of the transaction's tenant the menus outside `allowed`; returns how many grants went. */
export async function restrictGrants(tx: Tx, allowed: readonly number[]): Promise<number> {
  const outside = allowed.length ? sql`${roleMenus.menuId} not in (${list(allowed)})` : sql`true`;
  return (await tx.delete(roleMenus).where(outside).returning({ roleId: roleMenus.roleId })).length;
}

/** Every menu and button (or only `allowed`), ordered for a tree. */
export async function menuRows(tx: Tx, allowed: readonly number[] | null) {
  const where = allowed === null ? sql`true` : allowed.length ? sql`id in (${list(allowed)})` : sql`false`;
  return rowsOf<{ id: number; parent_id: number; code: string; name: string; category: number; i18n: string }>(
    await tx.execute(sql`select id, parent_id, code, name, category, i18n from macro_menu where ${where} order by sort, id`),
  ).map((r) => ({ id: Number(r.id), parentId: Number(r.parent_id), code: r.code, name: r.name, category: Number(r.category), i18n: r.i18n }));
}

/** The menu and button ids any of these roles grants. */
export async function grantedMenuIds(tx: Tx, roleIds: readonly number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await tx
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(sql`${roleMenus.roleId} in (${list(roleIds)})`);
  return rows.map((r) => r.menuId).sort((a, b) => a - b);
}

/** Makes each role grant exactly `menuIds`; returns how many grants each role now has. */
export async function replaceGrants(tx: Tx, roleIds: readonly number[], menuIds: readonly number[]): Promise<void> {
  await tx.delete(roleMenus).where(sql`${roleMenus.roleId} in (${list(roleIds)})`);
  if (!menuIds.length) return;
  await tx.insert(roleMenus).values(roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId }))));
}
