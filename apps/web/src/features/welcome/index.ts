import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const WELCOME_PATH = '/wel/index';

export const feature: FeatureDescriptor = {
  pages: { [WELCOME_PATH]: lazy(() => import('./WelcomePage').then((m) => ({ default: m.WelcomePage }))) },
  permissions: [],
  openPaths: [WELCOME_PATH],
};
