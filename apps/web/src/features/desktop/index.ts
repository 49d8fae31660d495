import { DESKTOP_PERMISSIONS } from '@macro/contract/desktop';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DESKTOP_PATH = '/controller/desktop';

export const feature: FeatureDescriptor = {
  uses: ['tasks'],
  pages: { [DESKTOP_PATH]: lazy(() => import('./DesktopSchemePage').then((m) => ({ default: m.DesktopSchemePage }))) },
  permissions: Object.values(DESKTOP_PERMISSIONS),
};
