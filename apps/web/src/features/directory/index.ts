import { DIRECTORY_PERMISSIONS } from '@macro/contract/directory';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DIRECTORY_PATH = '/controller/directory';

export const feature: FeatureDescriptor = {
  pages: { [DIRECTORY_PATH]: lazy(() => import('./DirectoryPage').then((m) => ({ default: m.DirectoryPage }))) },
  permissions: Object.values(DIRECTORY_PERMISSIONS),
};
