import { PROJECT_PERMISSIONS, PROJECT_ROLE_PERMISSIONS } from '@macro/contract/projects';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const feature: FeatureDescriptor = {
  pages: {
    '/controller/project': lazy(() => import('./ProjectPage').then((m) => ({ default: m.ProjectPage }))),
    '/controller/projectrole': lazy(() => import('./ProjectRolePage').then((m) => ({ default: m.ProjectRolePage }))),
  },
  permissions: [...Object.values(PROJECT_PERMISSIONS), ...Object.values(PROJECT_ROLE_PERMISSIONS)],
};
