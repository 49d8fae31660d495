import { CONSUMER_PERMISSIONS } from '@macro/contract/consumers';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const CONSUMER_MENU_PATH = '/controller/consumerManage';

export const feature: FeatureDescriptor = {
  pages: { [CONSUMER_MENU_PATH]: lazy(() => import('./ConsumerPage').then((m) => ({ default: m.ConsumerPage }))) },
  permissions: Object.values(CONSUMER_PERMISSIONS),
};
