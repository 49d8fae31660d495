import { MENU_CATEGORY } from '@macro/contract/menus';
import type { Db } from '@macro/store';
import { eq } from 'drizzle-orm';
import type { MenuContribution, MenuSeed } from '../../platform/module.ts';
import { menuSeeds, menus, type SeededValues } from './tables.ts';

type MenuRow = typeof menus.$inferSelect;
const FIELDS = ['name', 'path', 'source', 'sort', 'category', 'i18n'] as const satisfies readonly (keyof SeededValues)[];

function valuesOf(seed: MenuSeed, index: number): SeededValues {
  return {
    name: seed.name,
    path: seed.path ?? '',
    source: seed.source ?? '',
    sort: seed.sort ?? index + 1,
    category: seed.category ?? MENU_CATEGORY.menu,
    i18n: seed.i18n ?? '',
  };
}

async function menuByCode(db: Db, code: string): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.code, code));
  return row;
}

async function codeOf(db: Db, id: number): Promise<string> {
  if (id === 0) return '';
  const [row] = await db.select({ code: menus.code }).from(menus).where(eq(menus.id, id));
  return row?.code ?? '';
}

/**
 * One contributed entry, reconciled with what the administrator made of it since the last
 * seeding: first seen, it is created (or an existing row of that code is adopted as it is);
 * seen before, a field follows the module's change only while it still holds what the seed
 * last put there, and a removed entry stays removed. Returns the row's id, or null.
 */
async function reconcile(db: Db, seed: MenuSeed, parentCode: string, index: number): Promise<number | null> {
  const wanted = valuesOf(seed, index);
  const [record] = await db.select().from(menuSeeds).where(eq(menuSeeds.code, seed.code));
  let row = await menuByCode(db, seed.code);
  if (!record && !row) {
    const parent = parentCode ? await menuByCode(db, parentCode) : undefined;
    // The folder it belongs in was removed by an administrator: nothing to hang it on.
    if (parentCode && !parent) return null;
    [row] = await db
      .insert(menus)
      .values({ ...wanted, code: seed.code, parentId: parent?.id ?? 0 })
      .returning();
  } else if (record && row) {
    const changes: Partial<MenuRow> = {};
    for (const field of FIELDS) {
      if (record.seeded[field] !== wanted[field] && row[field] === record.seeded[field]) Object.assign(changes, { [field]: wanted[field] });
    }
    if (record.parent !== parentCode && (await codeOf(db, row.parentId)) === record.parent) {
      const parent = parentCode ? await menuByCode(db, parentCode) : undefined;
      if (!parentCode || parent) changes.parentId = parent?.id ?? 0;
    }
    if (Object.keys(changes).length) [row] = await db.update(menus).set(changes).where(eq(menus.id, row.id)).returning();
  }
  const seeded = { code: seed.code, parent: parentCode, seeded: wanted };
  await db
    .insert(menuSeeds)
    .values(seeded)
    .onConflictDoUpdate({ target: menuSeeds.code, set: { parent: parentCode, seeded: wanted } });
  if (!row) return null;
  for (const [i, child] of (seed.children ?? []).entries()) await reconcile(db, child, seed.code, i);
  return row.id;
}

/**
 * Brings every module's menus and buttons into the platform's menu table at start (top-level
 * entries first, then each under its parent's code), without undoing what administrators did
 * on the menu screen: see `reconcile`.
 */
export async function upsertMenus(db: Db, contributions: readonly MenuContribution[]): Promise<void> {
  const ordered = [...contributions.filter((c) => !c.parent), ...contributions.filter((c) => c.parent)];
  for (const [index, contribution] of ordered.entries()) {
    await reconcile(db, contribution, contribution.parent ?? '', contribution.sort === undefined ? index : contribution.sort - 1);
  }
}

/** Every code the modules contribute: the permission codes their routes check. */
export function contributedCodes(contributions: readonly MenuSeed[]): Set<string> {
  const codes = new Set<string>();
  const walk = (seed: MenuSeed) => {
    codes.add(seed.code);
    for (const child of seed.children ?? []) walk(child);
  };
  for (const seed of contributions) walk(seed);
  return codes;
}
