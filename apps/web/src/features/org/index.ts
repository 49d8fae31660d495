import { COMPANY_PERMISSIONS, DEPT_PERMISSIONS, SPECIAL_POST_PERMISSIONS } from '@macro/contract/org';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const ORG_MENU_PATH = '/controller/organization';

export const feature: FeatureDescriptor = {
  pages: { [ORG_MENU_PATH]: lazy(() => import('./OrgPage').then((m) => ({ default: m.OrgPage }))) },
  permissions: [...Object.values(COMPANY_PERMISSIONS), ...Object.values(DEPT_PERMISSIONS), ...Object.values(SPECIAL_POST_PERMISSIONS)],
};
