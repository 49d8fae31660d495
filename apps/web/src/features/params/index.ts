import { PARAM_PERMISSIONS } from '@macro/contract/params';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const PARAM_PATH = '/controller/params';

export const feature: FeatureDescriptor = {
  pages: { [PARAM_PATH]: lazy(() => import('./ParamPage').then((m) => ({ default: m.ParamPage }))) },
  permissions: Object.values(PARAM_PERMISSIONS),
};
