import type { FeatureDescriptor, FeaturePage, PageMeta } from './feature';

/*
 * The pages the shell can show, filled by the composition root (main.tsx) from every
 * feature's descriptor. The shell looks pages up by path and never imports a feature.
 */
const pages = new Map<string, FeaturePage>();
const screens = new Map<string, FeaturePage>();
const openPaths = new Set<string>();
const metas = new Map<string, PageMeta>();
const badges = new Map<string, () => number>();

export const HOME_PATH = '/wel/index';

/** Where a user whose password was reset must change it before anything else (outside the shell). */
export const PASSWORD_PATH = '/info/password';

/** Spec §2 /info/setting: the signed-in user's own password change, as a page of the shell. */
export const SETTING_PATH = '/info/setting';

/** Routes the router declares itself, outside the menu-driven pages. */
const STATIC_PATHS = new Set(['/', '/wel', '/login', '/lock', '/iframe', '/403', '/404', '/500', PASSWORD_PATH]);

const isPattern = (path: string) => path.includes('/:');

/** Whether `pattern` (segments `:name` match any one non-empty segment) matches `path`. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/** The registered key (exact path or pattern) that answers `path`. */
function keyOf(path: string): string | undefined {
  if (pages.has(path) || metas.has(path) || openPaths.has(path)) return path;
  for (const key of new Set([...pages.keys(), ...metas.keys()])) if (isPattern(key) && matchesPattern(key, path)) return key;
  return undefined;
}

/** Adds the features' pages; two features claiming one path is a programming error. */
export function registerFeatures(features: Iterable<FeatureDescriptor>): void {
  for (const feature of features) {
    for (const [path, page] of Object.entries(feature.pages)) {
      if (pages.has(path) || STATIC_PATHS.has(path)) throw new Error(`page path registered twice: ${path}`);
      pages.set(path, page);
    }
    for (const [path, page] of Object.entries(feature.screens ?? {})) {
      if (screens.has(path) || pages.has(path)) throw new Error(`page path registered twice: ${path}`);
      screens.set(path, page);
    }
    for (const path of feature.openPaths ?? []) openPaths.add(path);
    for (const [path, meta] of Object.entries(feature.meta ?? {})) metas.set(path, meta);
    for (const [path, count] of Object.entries(feature.menuBadges ?? {})) badges.set(path, count);
  }
}

/** The hook counting what waits at a menu path, if a feature gives one. */
export const menuBadge = (path: string): (() => number) | undefined => badges.get(path);

/** Forgets every registered page (tests). */
export function clearFeatures(): void {
  pages.clear();
  screens.clear();
  openPaths.clear();
  metas.clear();
  badges.clear();
}

/** The paths of the pages shown outside the shell's frame. */
export const screenPaths = (): string[] => [...screens.keys()];

export function findScreen(path: string): FeaturePage | undefined {
  return screens.get(path);
}

export function findPage(path: string): FeaturePage | undefined {
  const key = keyOf(path);
  return key ? pages.get(key) : undefined;
}

export function isOpenPath(path: string): boolean {
  const key = keyOf(path);
  return key !== undefined && openPaths.has(key);
}

/** The meta a feature declared for `path` (exact or by pattern). */
export function pageMeta(path: string): PageMeta | undefined {
  const key = keyOf(path);
  return key ? metas.get(key) : undefined;
}

/** The i18n key of a declared page's title for this path and query, if it declared one. */
export function pageTitleKey(path: string, query: URLSearchParams): string | undefined {
  const title = pageMeta(path)?.title;
  return typeof title === 'function' ? title(query) : title;
}

/** Whether any screen answers this path; anything else is a 404. */
export function isKnownPath(path: string): boolean {
  return STATIC_PATHS.has(path) || keyOf(path) !== undefined;
}

/** The values of a pattern page's `:name` segments in `path` (`/query/alpha` → ['alpha']); none for exact pages. */
export function patternValues(path: string): string[] {
  const key = keyOf(path);
  if (!key || !isPattern(key)) return [];
  const got = path.split('/');
  return key.split('/').flatMap((segment, i) => (segment.startsWith(':') ? [safeDecode(got[i])] : []));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
