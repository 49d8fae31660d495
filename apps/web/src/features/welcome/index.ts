import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const WELCOME_PATH = '/wel/index';
/** Spec 000 §2: the data view a menu opens in a new window, outside the console's frame. */
export const DATA_VIEW_PATH = '/dataView/view';

export const feature: FeatureDescriptor = {
  uses: ['desktop'],
  pages: { [WELCOME_PATH]: lazy(() => import('./WelcomePage').then((m) => ({ default: m.WelcomePage }))) },
  screens: { [DATA_VIEW_PATH]: lazy(() => import('./DataViewPage').then((m) => ({ default: m.DataViewPage }))) },
  permissions: [],
  // Everyone signed in sees what the dashboard shows them (the server decides what that is).
  openPaths: [WELCOME_PATH, DATA_VIEW_PATH],
};
