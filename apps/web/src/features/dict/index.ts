import { PERMISSIONS } from '@macro/contract';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DICT_MENU_PATH = '/controller/dictionaries';

export const dictFeature: FeatureDescriptor = {
  pages: { [DICT_MENU_PATH]: lazy(() => import('./DictPage').then((m) => ({ default: m.DictPage }))) },
  permissions: [PERMISSIONS.dictView, PERMISSIONS.dictAdd, PERMISSIONS.dictEdit, PERMISSIONS.dictDelete],
};
