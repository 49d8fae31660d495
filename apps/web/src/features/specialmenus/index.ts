import { SPECIAL_MENU_PERMISSIONS } from '@macro/contract/specialmenus';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const SPECIAL_MENU_PATH = '/workflow/special-menus';

export const feature: FeatureDescriptor = {
  pages: { [SPECIAL_MENU_PATH]: lazy(() => import('./SpecialMenuPage').then((m) => ({ default: m.SpecialMenuPage }))) },
  permissions: Object.values(SPECIAL_MENU_PERMISSIONS),
};
