import { API_SCOPE_PERMISSIONS, DATA_SCOPE_PERMISSIONS } from '@macro/contract/scopes';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const DATA_SCOPE_MENU_PATH = '/controller/authorityData';
export const API_SCOPE_MENU_PATH = '/controller/authorityApi';

export const feature: FeatureDescriptor = {
  pages: {
    [DATA_SCOPE_MENU_PATH]: lazy(() => import('./DataScopePage').then((m) => ({ default: m.DataScopePage }))),
    [API_SCOPE_MENU_PATH]: lazy(() => import('./ApiScopePage').then((m) => ({ default: m.ApiScopePage }))),
  },
  permissions: [...Object.values(DATA_SCOPE_PERMISSIONS), ...Object.values(API_SCOPE_PERMISSIONS)],
};
