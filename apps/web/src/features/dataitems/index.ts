import { DICT_PERMISSIONS } from '@macro/contract/dict';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DATA_ITEMS_PATH = '/controller/data-items';

/** Data items: the system dictionaries through their second family of calls, same codes. */
export const feature: FeatureDescriptor = {
  pages: { [DATA_ITEMS_PATH]: lazy(() => import('./DataItemsPage').then((m) => ({ default: m.DataItemsPage }))) },
  permissions: Object.values(DICT_PERMISSIONS),
};
