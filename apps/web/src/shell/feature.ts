import type { ComponentType, LazyExoticComponent } from 'react';

/** What a domain tells the shell about itself (STYLE §2); the shell never reaches further in. */
export interface FeatureDescriptor {
  /** Menu path → lazily loaded page. */
  pages: Readonly<Record<string, LazyExoticComponent<ComponentType>>>;
  /** Permission codes the domain's buttons check. */
  permissions: readonly string[];
  /** Paths every signed-in user may open without a menu entry (the welcome page). */
  openPaths?: readonly string[];
}
