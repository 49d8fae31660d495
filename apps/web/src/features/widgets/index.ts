import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

/** The page showing the console's shared widgets (/wel/test is the shell's refresh test page). */
export const WIDGETS_PATH = '/wel/widgets';

export const feature: FeatureDescriptor = {
  pages: { [WIDGETS_PATH]: lazy(() => import('./WidgetsPage').then((m) => ({ default: m.WidgetsPage }))) },
  permissions: [],
  openPaths: [WIDGETS_PATH],
  meta: { [WIDGETS_PATH]: { title: 'widgets:page.title' } },
};
