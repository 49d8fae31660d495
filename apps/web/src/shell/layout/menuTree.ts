import type { MenuRoute } from '@macro/contract/menus';
import type { i18n as I18n } from 'i18next';
import { findPage, isOpenPath } from '../registry';

/** Category 1 entries are menus; category 2 entries are buttons and never reach the sidebar. */
export const MENU_CATEGORY = 1;

export const isExternalLink = (path: string) => /^https?:\/\//i.test(path);

/** Origins the server allows the frame page to show besides menu links (<meta name="macro-frame-origins">). */
export function configuredFrameOrigins(): string[] {
  const content = document.querySelector<HTMLMetaElement>('meta[name="macro-frame-origins"]')?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/**
 * Whether the frame page may show `src`: an http(s) address that is a link of the user's own
 * menu, or on an origin the server configured. Anything else (`javascript:`, `data:`, an address
 * typed into ?src=) is refused, so a crafted console link cannot frame a page as one of ours.
 */
export function mayFrame(src: string, menus: readonly MenuRoute[], origins: readonly string[] = configuredFrameOrigins()): boolean {
  if (!isExternalLink(src)) return false;
  if (findMenu(menus, src)) return true;
  try {
    return origins.includes(new URL(src).origin);
  } catch {
    return false;
  }
}

/** Spec §2: this path opens in a new window instead of a tab. */
export const NEW_WINDOW_PATHS = new Set(['/dataView/view']);

/**
 * The sidebar's entries: menus (not buttons), in order. With `canOpen`, a leaf the console cannot
 * open (a server menu whose screen this console does not have) is left out, and so is a folder
 * left empty by that: the sidebar never offers a dead end.
 */
export function visibleMenus(menus: readonly MenuRoute[], canOpen?: (path: string) => boolean): MenuRoute[] {
  return [...menus]
    .filter((menu) => menu.category === MENU_CATEGORY)
    .sort((a, b) => a.sort - b.sort)
    .flatMap((menu) => {
      const children = visibleMenus(menu.children ?? [], canOpen);
      const hadChildren = (menu.children ?? []).some((child) => child.category === MENU_CATEGORY);
      if (canOpen && (hadChildren ? children.length === 0 : !canOpen(menu.path))) return [];
      return [{ ...menu, children }];
    });
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

/** Whether the console has something to show for a menu path (a page, a frame link, a new window). */
export const canOpenPath = (path: string): boolean => isExternalLink(path) || NEW_WINDOW_PATHS.has(path) || isOpenPath(path) || Boolean(findPage(path));

/** A page of the user's menus with its label and its folders' labels (outermost first, itself last). */
export interface MenuLeaf {
  path: string;
  label: string;
  trail: string[];
}

/** The pages of the sidebar, in its order, labelled in the current language. */
export function flatMenuLeaves(menus: readonly MenuRoute[], i18n: I18n): MenuLeaf[] {
  const walk = (nodes: readonly MenuRoute[], trail: string[]): MenuLeaf[] =>
    nodes.flatMap((menu) => {
      const label = menuLabel(menu, i18n);
      return menu.children.length > 0 ? walk(menu.children, [...trail, label]) : [{ path: menu.path, label, trail: [...trail, label] }];
    });
  return walk(visibleMenus(menus, canOpenPath), []);
}

/**
 * Opens a menu path the way the platform does: /dataView/view in a new window, an http(s) link in the
 * frame page, anything else as a page of the console.
 */
export function openMenuPath(path: string, navigate: (to: string) => void): void {
  if (NEW_WINDOW_PATHS.has(path)) window.open(path, '_blank', 'noopener');
  else if (isExternalLink(path)) navigate(`/iframe?src=${encodeURIComponent(path)}`);
  else navigate(path);
}
