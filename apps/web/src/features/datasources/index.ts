import { DATA_SOURCE_PERMISSIONS } from '@macro/contract/datasources';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DATA_SOURCE_MENU_PATH = '/data/dataSource';

export const feature: FeatureDescriptor = {
  pages: { [DATA_SOURCE_MENU_PATH]: lazy(() => import('./DataSourcePage').then((m) => ({ default: m.DataSourcePage }))) },
  permissions: Object.values(DATA_SOURCE_PERMISSIONS),
};
