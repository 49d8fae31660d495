import { dictFeature } from '../features/dict';
import { welcomeFeature } from '../features/welcome';
import type { FeatureDescriptor } from './feature';

/** Every domain with pages; adding a domain means adding its descriptor here. */
const features: readonly FeatureDescriptor[] = [welcomeFeature, dictFeature];

const pages = new Map(features.flatMap((feature) => Object.entries(feature.pages)));
const openPaths = new Set(features.flatMap((feature) => feature.openPaths ?? []));

export const HOME_PATH = '/wel/index';

/** Routes the router declares itself, outside the menu-driven pages. */
const STATIC_PATHS = new Set(['/', '/wel', '/login', '/lock', '/iframe', '/403', '/404', '/500']);

export function findPage(path: string) {
  return pages.get(path);
}

export function isOpenPath(path: string): boolean {
  return openPaths.has(path);
}

/** Whether any screen answers this path; anything else is a 404. */
export function isKnownPath(path: string): boolean {
  return STATIC_PATHS.has(path) || pages.has(path);
}
