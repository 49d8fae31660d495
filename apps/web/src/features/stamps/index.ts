import { STAMP_PERMISSIONS } from '@macro/contract/stamps';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const STAMP_MENU_PATH = '/workflow/stamps';

export const feature: FeatureDescriptor = {
  pages: { [STAMP_MENU_PATH]: lazy(() => import('./StampPage').then((m) => ({ default: m.StampPage }))) },
  permissions: Object.values(STAMP_PERMISSIONS),
};
