import { AUTH_PERMISSIONS } from '@macro/contract/auth';
import { USER_PERMISSIONS } from '@macro/contract/users';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';
import { USER_EDIT_PATH, USER_MENU_PATH } from './paths';

export { USER_EDIT_PATH, USER_MENU_PATH };

export const feature: FeatureDescriptor = {
  uses: ['authorize'],
  pages: {
    [USER_MENU_PATH]: lazy(() => import('./UserPage').then((m) => ({ default: m.UserPage }))),
    [USER_EDIT_PATH]: lazy(() => import('./UserEditPage').then((m) => ({ default: m.UserEditPage }))),
  },
  permissions: [...Object.values(USER_PERMISSIONS), ...Object.values(AUTH_PERMISSIONS)],
  // Reached by links, not a menu: the page itself asks for the edit (or add) button's code.
  openPaths: [USER_EDIT_PATH],
  meta: { [USER_EDIT_PATH]: { title: (query) => (query.get('id') !== null ? 'users:dialog.edit' : 'users:dialog.create') } },
};
