import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const welcomeFeature: FeatureDescriptor = {
  pages: { '/wel/index': lazy(() => import('./WelcomePage').then((m) => ({ default: m.WelcomePage }))) },
  permissions: [],
  openPaths: ['/wel/index'],
};
