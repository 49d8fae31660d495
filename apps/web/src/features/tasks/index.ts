import { WORKFLOW_PERMISSIONS } from '@macro/contract/workflow';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const TASKS_PATH = '/workflow/tasks';

export const feature: FeatureDescriptor = {
  pages: { [TASKS_PATH]: lazy(() => import('./TaskCenterPage').then((m) => ({ default: m.TaskCenterPage }))) },
  permissions: [WORKFLOW_PERMISSIONS.taskView, WORKFLOW_PERMISSIONS.taskHandle],
};
