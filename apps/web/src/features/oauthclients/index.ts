import { OAUTH_CLIENT_PERMISSIONS } from '@macro/contract/oauthclients';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const OAUTH_CLIENT_MENU_PATH = '/controller/oauthClient';

export const feature: FeatureDescriptor = {
  pages: { [OAUTH_CLIENT_MENU_PATH]: lazy(() => import('./OAuthClientPage').then((m) => ({ default: m.OAuthClientPage }))) },
  permissions: Object.values(OAUTH_CLIENT_PERMISSIONS),
};
