import { MENU_CATEGORY, MENU_ROOT, type Menu, type MenuNode, type MenuTreeNode, type menuSearch, type menuSubmit } from '@macro/contract/menus';
import type { Ctx, Tx } from '@macro/store';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { assertPlatformActor } from '../../platform/crossTenant.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { MenuChange, ModuleDeps } from '../../platform/module.ts';
import { buildTree, childLeftBehind, placeInTree, subtreeIds, type TreeTable } from '../../platform/tree.ts';
import { adminRoleId } from '../identity/public.ts';
import { contributedCodes } from './seed.ts';
import { grantMenus } from './service.ts';
import { menus, roleMenus } from './tables.ts';

type MenuRow = typeof menus.$inferSelect;
type MenuSearch = z.output<typeof menuSearch>;
type MenuInput = z.output<typeof menuSubmit>;

const RESOURCE = 'menu';
const NOT_FOUND = { message: 'menus.notFound' };
const MENU_TREE: TreeTable<typeof menus> = { table: menus, root: MENU_ROOT };
const BY_PARENT = { id: (row: MenuRow) => row.id, parentId: (row: MenuRow) => row.parentId };
const isButton = (row: Pick<MenuRow, 'category'>) => row.category === MENU_CATEGORY.button;

async function allMenus(tx: Tx): Promise<MenuRow[]> {
  return tx.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
}

function matches(row: MenuRow, search: MenuSearch): boolean {
  const has = (value: string, term: string | undefined) => !term || value.toLowerCase().includes(term.toLowerCase());
  return has(row.name, search.name) && has(row.code, search.code) && has(row.alias, search.alias);
}
const isFiltered = (search: MenuSearch) => Boolean(search.name || search.code || search.alias);

/** Ids of `id` and everything below it. */
/** The matching rows and every menu above them, so a filtered tree stays a tree. */
function withAncestors(rows: readonly MenuRow[], hits: readonly MenuRow[]): MenuRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keep = new Set<number>();
  for (const hit of hits) {
    for (let row: MenuRow | undefined = hit; row && !keep.has(row.id); row = byId.get(row.parentId)) keep.add(row.id);
  }
  return rows.filter((row) => keep.has(row.id));
}

/** The menu administration: every call is the platform tenant's administrators' only. */
export function menuAdmin(deps: ModuleDeps) {
  const platform = deps.config.defaultTenantId;
  const builtIn = contributedCodes(deps.modules.flatMap((m) => m.menus ?? []));
  const menusChanged = async (ctx: Ctx, change: MenuChange) => {
    for (const module of deps.modules) await module.menusChanged?.(ctx, change, deps);
  };

  function toRecord(row: MenuRow, rows: readonly MenuRow[], menusOnly = false): Menu {
    const parent = rows.find((other) => other.id === row.parentId);
    return {
      id: row.id,
      parentId: row.parentId,
      parentName: parent?.name ?? '',
      name: row.name,
      code: row.code,
      alias: row.alias,
      path: row.path,
      source: row.source,
      sort: row.sort,
      category: isButton(row) ? MENU_CATEGORY.button : MENU_CATEGORY.menu,
      action: row.action,
      isOpen: row.isOpen,
      keepAlive: row.keepAlive,
      i18n: row.i18n,
      remark: row.remark,
      builtIn: builtIn.has(row.code),
      hasChildren: rows.some((other) => other.parentId === row.id && (!menusOnly || !isButton(other))),
    };
  }

  async function rowsFor(ctx: Ctx, menusOnly: boolean): Promise<MenuRow[]> {
    assertPlatformActor(ctx, platform);
    const rows = await allMenus(ctx.tx);
    return menusOnly ? rows.filter((row) => !isButton(row)) : rows;
  }

  async function list(ctx: Ctx, search: MenuSearch, menusOnly: boolean): Promise<MenuNode[]> {
    const rows = await rowsFor(ctx, menusOnly);
    const shown = isFiltered(search)
      ? withAncestors(
          rows,
          rows.filter((row) => matches(row, search)),
        )
      : rows;
    return buildTree(shown, (row): MenuNode => ({ ...toRecord(row, rows, menusOnly), children: [] }), {
      id: (row) => row.id,
      parentId: (row) => row.parentId,
    });
  }

  async function lazyList(ctx: Ctx, query: MenuSearch & { parentId: number }, menusOnly: boolean): Promise<Menu[]> {
    const rows = await rowsFor(ctx, menusOnly);
    const shown = isFiltered(query)
      ? rows.filter((row) => row.id !== query.parentId && subtreeIds(rows, query.parentId, BY_PARENT).has(row.id) && matches(row, query))
      : rows.filter((row) => row.parentId === query.parentId);
    return shown.map((row) => toRecord(row, rows, menusOnly));
  }

  async function detail(ctx: Ctx, id: number): Promise<Menu> {
    const rows = await rowsFor(ctx, false);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('menus.notFound');
    return toRecord(row, rows);
  }

  /** The parent a menu goes under: an existing menu (not a button), kept from removal until the change commits. */
  async function parentOf(tx: Tx, input: MenuInput): Promise<MenuRow | null> {
    if (input.parentId === MENU_ROOT && input.category === MENU_CATEGORY.button) throw unprocessable('menus.buttonNeedsMenu');
    const parent = await placeInTree(tx, MENU_TREE, input, {
      parentNotFound: () => unprocessable('menus.parentNotFound'),
      cycle: async () => unprocessable('menus.parentCycle', { name: (await findOr404(tx, menus, input.id!, NOT_FOUND)).name }),
    });
    if (parent && isButton(parent)) throw unprocessable('menus.parentIsButton', { name: parent.name });
    return parent;
  }

  /** The rules an existing entry's change must keep: no button with children, a module's code fixed. */
  async function assertChangeAllowed(tx: Tx, before: MenuRow, input: MenuInput): Promise<void> {
    if (input.category === MENU_CATEGORY.button && (await childLeftBehind(tx, MENU_TREE, [before.id]))) {
      throw unprocessable('menus.buttonHasChildren', { name: before.name });
    }
    if (builtIn.has(before.code) && input.code !== before.code) {
      throw unprocessable('menus.builtInCode', { name: before.name, code: before.code });
    }
  }

  async function submit(ctx: Ctx, input: MenuInput): Promise<Menu> {
    assertPlatformActor(ctx, platform);
    const { tx } = ctx;
    // The placement first: a move takes the tree's lock before the row's.
    await parentOf(tx, input);
    const before = input.id === undefined ? null : await findOr404(tx, menus, input.id, { lock: true, ...NOT_FOUND });
    if (before) await assertChangeAllowed(tx, before, input);
    await assertUnique(tx, menus, eq(menus.code, input.code), {
      exceptId: input.id,
      message: 'menus.codeExists',
      params: { code: input.code },
    });
    const { id: _id, ...values } = input;
    if (!before) {
      const row = await auditedInsert(ctx, menus, RESOURCE, values);
      // The creator's administrator role holds every menu: it holds the new one too, so the
      // entry shows in their sidebar at once; other roles are granted it on the role screen.
      const adminRole = await adminRoleId(tx);
      await grantMenus(tx, adminRole, [row.id]);
      await ctx.audit.record(tx, ctx.actor, { action: 'grant', resource: 'role', resourceId: adminRole, after: { menuIds: [row.id] } });
      return detail(ctx, row.id);
    }
    await auditedUpdate(ctx, menus, RESOURCE, before, values);
    // A menu moved or turned into a button can leave a package's reach: packages are re-applied.
    if (before.parentId !== values.parentId || before.category !== values.category) await menusChanged(ctx, { kind: 'moved' });
    return detail(ctx, before.id);
  }

  async function remove(ctx: Ctx, ids: readonly number[]): Promise<{ removed: number; grantsRemoved: number }> {
    assertPlatformActor(ctx, platform);
    const { tx } = ctx;
    const doomed = await lockAll(tx, menus, ids, NOT_FOUND);
    const kept = await childLeftBehind(tx, MENU_TREE, ids);
    if (kept) throw unprocessable('menus.hasChildren', { name: doomed.find((row) => row.id === kept.parentId)!.name });
    // This tenant's grants go with an audit row per role; other tenants' go by the foreign key's cascade.
    const grants = await tx
      .delete(roleMenus)
      .where(inArray(roleMenus.menuId, [...ids]))
      .returning();
    const byRole = new Map<number, number[]>();
    for (const grant of grants) byRole.set(grant.roleId, [...(byRole.get(grant.roleId) ?? []), grant.menuId]);
    for (const [roleId, menuIds] of byRole) {
      await ctx.audit.record(tx, ctx.actor, { action: 'revoke', resource: 'role', resourceId: roleId, before: { menuIds: menuIds.sort((a, b) => a - b) } });
    }
    // Packages no longer offer a menu that is gone.
    await menusChanged(ctx, { kind: 'removed', ids });
    return { removed: await auditedDelete(ctx, menus, RESOURCE, doomed), grantsRemoved: grants.length };
  }

  async function tree(ctx: Ctx): Promise<MenuTreeNode[]> {
    const rows = await rowsFor(ctx, true);
    return buildTree(
      rows,
      (row): MenuTreeNode => ({
        id: row.id,
        parentId: row.parentId,
        title: row.name,
        key: row.id,
        value: row.id,
        code: row.code,
        category: MENU_CATEGORY.menu,
        i18n: row.i18n,
        children: [],
      }),
      { id: (row) => row.id, parentId: (row) => row.parentId },
    );
  }

  return { list, lazyList, detail, submit, remove, tree };
}
