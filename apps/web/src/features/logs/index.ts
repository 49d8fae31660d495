import { LOG_PERMISSIONS } from '@macro/contract/logs';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const LOG_MENU_PATH = '/controller/log';
export const FEEDBACK_MENU_PATH = '/controller/feedback';

export const feature: FeatureDescriptor = {
  pages: {
    [LOG_MENU_PATH]: lazy(() => import('./LogPage').then((m) => ({ default: m.LogPage }))),
    [FEEDBACK_MENU_PATH]: lazy(() => import('./FeedbackPage').then((m) => ({ default: m.FeedbackPage }))),
  },
  permissions: Object.values(LOG_PERMISSIONS),
};
