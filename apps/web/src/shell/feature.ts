import type { ComponentType, LazyExoticComponent } from 'react';

export type FeaturePage = LazyExoticComponent<ComponentType>;

/** An i18n key ("ns:key"), or one chosen from the page's query. */
export type PageTitle = string | ((query: URLSearchParams) => string);

/** What a page that is not a server menu tells the shell about itself. */
export interface PageMeta {
  /** Tab and browser title. */
  title: PageTitle;
  /** `false`: the sidebar is hidden on this page (spec: route meta menu 0). */
  menu?: boolean;
  /** Keep the page mounted while other tabs are shown. */
  keepAlive?: boolean;
}

/**
 * What a domain tells the shell about itself; the shell never reaches further in.
 * Each `features/<domain>/index.ts` exports one as `feature`; main.tsx collects them.
 */
export interface FeatureDescriptor {
  /** Menu path → lazily loaded page. A segment `:name` matches any one segment (`/query/:params`). */
  pages: Readonly<Record<string, FeaturePage>>;
  /** Permission codes the domain's buttons check. */
  permissions: readonly string[];
  /** Paths every signed-in user may open without a menu entry (the welcome page). */
  openPaths?: readonly string[];
  /** Titles and meta of the pages that are not server menus (open paths). */
  meta?: Readonly<Record<string, PageMeta>>;
  /**
   * Pages shown on their own, outside the shell's frame (a data screen a menu opens in a new
   * window): signed in, and open as `pages` are (a menu of the user's, or an open path).
   */
  screens?: Readonly<Record<string, FeaturePage>>;
  /**
   * Menu path → a hook counting what waits there for the user (my tasks: the to-do count),
   * shown as a badge on the menu item; 0 shows none.
   */
  menuBadges?: Readonly<Record<string, () => number>>;
  /**
   * The other features whose public.ts this one imports, by folder name: the feature graph is
   * read from these and checked against the imports (packages/contract/src/boundaries.test.ts).
   */
  uses?: readonly string[];
}
