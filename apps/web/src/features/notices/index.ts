import { NOTICE_PERMISSIONS } from '@macro/contract/notices';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const NOTICE_MENU_PATH = '/controller/notices';

export const feature: FeatureDescriptor = {
  pages: { [NOTICE_MENU_PATH]: lazy(() => import('./NoticePage').then((m) => ({ default: m.NoticePage }))) },
  permissions: Object.values(NOTICE_PERMISSIONS),
};
