import { APP_FUNC_PERMISSIONS, AUTHORIZE_PERMISSIONS } from '@macro/contract/authorize';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const APP_FUNC_MENU_PATH = '/controller/appFunction';

export const feature: FeatureDescriptor = {
  pages: { [APP_FUNC_MENU_PATH]: lazy(() => import('./AppFuncPage').then((m) => ({ default: m.AppFuncPage }))) },
  permissions: [...Object.values(APP_FUNC_PERMISSIONS), ...Object.values(AUTHORIZE_PERMISSIONS)],
};
