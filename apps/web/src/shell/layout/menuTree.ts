import type { MenuRoute } from '@macro/contract/menus';
import type { i18n as I18n } from 'i18next';

/** Category 1 entries are menus; category 2 entries are buttons and never reach the sidebar. */
export const MENU_CATEGORY = 1;

export const isExternalLink = (path: string) => /^https?:\/\//i.test(path);

/** Spec §2: this path opens in a new window instead of a tab. */
export const NEW_WINDOW_PATHS = new Set(['/dataView/view']);

export function visibleMenus(menus: readonly MenuRoute[]): MenuRoute[] {
  return [...menus]
    .filter((menu) => menu.category === MENU_CATEGORY)
    .sort((a, b) => a.sort - b.sort)
    .map((menu) => ({ ...menu, children: visibleMenus(menu.children ?? []) }));
}

export function findMenu(menus: readonly MenuRoute[], path: string): MenuRoute | undefined {
  for (const menu of menus) {
    if (menu.path === path) return menu;
    const found = findMenu(menu.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** Paths of the ancestors of `path`, outermost first (the submenus to keep open). */
export function ancestorPaths(menus: readonly MenuRoute[], path: string, trail: string[] = []): string[] | undefined {
  for (const menu of menus) {
    if (menu.path === path) return trail;
    const found = ancestorPaths(menu.children ?? [], path, [...trail, menu.path]);
    if (found) return found;
  }
  return undefined;
}

/** Menu label: the translation under menu:<meta.i18n> when there is one, else the server's name. */
export function menuLabel(menu: MenuRoute, i18n: I18n): string {
  const key = menu.meta?.i18n ? `menu:${menu.meta.i18n}` : '';
  return key && i18n.exists(key) ? i18n.t(key) : menu.name;
}
