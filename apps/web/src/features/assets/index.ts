import { ASSET_PERMISSIONS } from '@macro/contract/assets';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const ASSET_PATH = '/controller/assets';

export const feature: FeatureDescriptor = {
  pages: { [ASSET_PATH]: lazy(() => import('./AssetPage').then((m) => ({ default: m.AssetPage }))) },
  permissions: Object.values(ASSET_PERMISSIONS),
};
