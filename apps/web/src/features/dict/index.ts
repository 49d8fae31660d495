import { DICT_PERMISSIONS } from '@macro/contract/dict';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DICT_MENU_PATH = '/controller/dictionaries';

export const feature: FeatureDescriptor = {
  pages: { [DICT_MENU_PATH]: lazy(() => import('./DictPage').then((m) => ({ default: m.DictPage }))) },
  permissions: Object.values(DICT_PERMISSIONS),
};
