import type { FeatureDescriptor, FeaturePage } from './feature';

/*
 * The pages the shell can show, filled by the composition root (main.tsx) from every
 * feature's descriptor. The shell looks pages up by path and never imports a feature.
 */
const pages = new Map<string, FeaturePage>();
const openPaths = new Set<string>();

export const HOME_PATH = '/wel/index';

/** Where the signed-in user changes their password. */
export const PASSWORD_PATH = '/info/password';

/** Routes the router declares itself, outside the menu-driven pages. */
const STATIC_PATHS = new Set(['/', '/wel', '/login', '/lock', '/iframe', '/403', '/404', '/500', PASSWORD_PATH]);

/** Adds the features' pages; two features claiming one path is a programming error. */
export function registerFeatures(features: Iterable<FeatureDescriptor>): void {
  for (const feature of features) {
    for (const [path, page] of Object.entries(feature.pages)) {
      if (pages.has(path) || STATIC_PATHS.has(path)) throw new Error(`page path registered twice: ${path}`);
      pages.set(path, page);
    }
    for (const path of feature.openPaths ?? []) openPaths.add(path);
  }
}

/** Forgets every registered page (tests). */
export function clearFeatures(): void {
  pages.clear();
  openPaths.clear();
}

export function findPage(path: string): FeaturePage | undefined {
  return pages.get(path);
}

export function isOpenPath(path: string): boolean {
  return openPaths.has(path);
}

/** Whether any screen answers this path; anything else is a 404. */
export function isKnownPath(path: string): boolean {
  return STATIC_PATHS.has(path) || pages.has(path);
}
