import { POST_PERMISSIONS } from '@macro/contract/posts';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const POST_MENU_PATH = '/controller/posts';

export const feature: FeatureDescriptor = {
  pages: { [POST_MENU_PATH]: lazy(() => import('./PostPage').then((m) => ({ default: m.PostPage }))) },
  permissions: Object.values(POST_PERMISSIONS),
};
