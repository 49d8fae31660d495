import { WORKFLOW_PERMISSIONS } from '@macro/contract/workflow';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const SCHEMES_PATH = '/workflow/schemes';

export const feature: FeatureDescriptor = {
  pages: { [SCHEMES_PATH]: lazy(() => import('./SchemePage').then((m) => ({ default: m.SchemePage }))) },
  permissions: [WORKFLOW_PERMISSIONS.templateView, WORKFLOW_PERMISSIONS.templateAdd, WORKFLOW_PERMISSIONS.templateEdit, WORKFLOW_PERMISSIONS.templateDelete],
};
