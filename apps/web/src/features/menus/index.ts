import { MENU_PERMISSIONS } from '@macro/contract/menus';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const MENU_SETTING_PATH = '/controller/menusetting';

export const feature: FeatureDescriptor = {
  uses: ['modules'],
  pages: { [MENU_SETTING_PATH]: lazy(() => import('./MenuPage').then((m) => ({ default: m.MenuPage }))) },
  permissions: Object.values(MENU_PERMISSIONS),
};
