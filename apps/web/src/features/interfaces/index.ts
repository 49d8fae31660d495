import { INTERFACE_PERMISSIONS } from '@macro/contract/interfaces';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const INTERFACE_MENU_PATH = '/data/interface';

export const feature: FeatureDescriptor = {
  pages: { [INTERFACE_MENU_PATH]: lazy(() => import('./InterfaceInfoPage').then((m) => ({ default: m.InterfaceInfoPage }))) },
  permissions: Object.values(INTERFACE_PERMISSIONS),
};
