import { ROLE_PERMISSIONS } from '@macro/contract/roles';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const ROLE_MENU_PATH = '/controller/rolemanage';

export const feature: FeatureDescriptor = {
  uses: ['authorize'],
  pages: { [ROLE_MENU_PATH]: lazy(() => import('./RolePage').then((m) => ({ default: m.RolePage }))) },
  permissions: Object.values(ROLE_PERMISSIONS),
};
