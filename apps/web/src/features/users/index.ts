import { AUTH_PERMISSIONS } from '@macro/contract/auth';
import { USER_PERMISSIONS } from '@macro/contract/users';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const USER_MENU_PATH = '/controller/usermanage';

export const feature: FeatureDescriptor = {
  pages: { [USER_MENU_PATH]: lazy(() => import('./UserPage').then((m) => ({ default: m.UserPage }))) },
  permissions: [...Object.values(USER_PERMISSIONS), ...Object.values(AUTH_PERMISSIONS)],
};
