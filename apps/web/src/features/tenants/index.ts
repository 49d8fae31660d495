import { TENANT_PACKAGE_PERMISSIONS, TENANT_PERMISSIONS } from '@macro/contract/tenants';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const TENANT_MENU_PATH = '/controller/tenant';
export const PACKAGE_MENU_PATH = '/controller/tenantPackage';

export const feature: FeatureDescriptor = {
  pages: {
    [TENANT_MENU_PATH]: lazy(() => import('./TenantPage').then((m) => ({ default: m.TenantPage }))),
    [PACKAGE_MENU_PATH]: lazy(() => import('./PackagePage').then((m) => ({ default: m.PackagePage }))),
  },
  permissions: [...Object.values(TENANT_PERMISSIONS), ...Object.values(TENANT_PACKAGE_PERMISSIONS)],
};
