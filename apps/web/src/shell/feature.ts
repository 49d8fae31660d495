import type { ComponentType, LazyExoticComponent } from 'react';

export type FeaturePage = LazyExoticComponent<ComponentType>;

/**
 * What a domain tells the shell about itself (STYLE §2); the shell never reaches further in.
 * Each `features/<domain>/index.ts` exports one as `feature`; main.tsx collects them.
 */
export interface FeatureDescriptor {
  /** Menu path → lazily loaded page. */
  pages: Readonly<Record<string, FeaturePage>>;
  /** Permission codes the domain's buttons check. */
  permissions: readonly string[];
  /** Paths every signed-in user may open without a menu entry (the welcome page). */
  openPaths?: readonly string[];
}
