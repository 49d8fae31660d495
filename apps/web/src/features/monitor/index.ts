import { WORKFLOW_PERMISSIONS } from '@macro/contract/workflow';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';

export const MONITOR_PATH = '/workflow/monitor';

export const feature: FeatureDescriptor = {
  pages: { [MONITOR_PATH]: lazy(() => import('./MonitorPage').then((m) => ({ default: m.MonitorPage }))) },
  permissions: [WORKFLOW_PERMISSIONS.monitorView, WORKFLOW_PERMISSIONS.monitorEdit],
};
