import { DATABASE_LINK_PERMISSIONS } from '@macro/contract/databaselinks';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DATABASE_LINK_MENU_PATH = '/data/databaseLink';

export const feature: FeatureDescriptor = {
  pages: { [DATABASE_LINK_MENU_PATH]: lazy(() => import('./DatabaseLinkPage').then((m) => ({ default: m.DatabaseLinkPage }))) },
  permissions: Object.values(DATABASE_LINK_PERMISSIONS),
};
