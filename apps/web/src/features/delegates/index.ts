import { DELEGATE_PERMISSIONS } from '@macro/contract/delegates';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DELEGATE_MENU_PATH = '/workflow/delegates';

export const feature: FeatureDescriptor = {
  pages: { [DELEGATE_MENU_PATH]: lazy(() => import('./DelegatePage').then((m) => ({ default: m.DelegatePage }))) },
  permissions: Object.values(DELEGATE_PERMISSIONS),
};
