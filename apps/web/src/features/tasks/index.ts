import { WORKFLOW_PERMISSIONS } from '@macro/contract/workflow';
import { lazy } from 'react';
import type { FeatureDescriptor } from '../../shell/feature';
import { useTodoCount } from './count';
import { REQUEST_PATH, TASK_PATH, TASKS_PATH } from './paths';

export const feature: FeatureDescriptor = {
  pages: {
    [TASKS_PATH]: lazy(() => import('./TaskCenterPage').then((m) => ({ default: m.TaskCenterPage }))),
    [TASK_PATH]: lazy(() => import('./TaskPage').then((m) => ({ default: m.TaskPage }))),
    [REQUEST_PATH]: lazy(() => import('./RequestPage').then((m) => ({ default: m.RequestPage }))),
  },
  permissions: [WORKFLOW_PERMISSIONS.taskView, WORKFLOW_PERMISSIONS.taskHandle],
  // A task's or a request's page is reached from its row, a message or a link, not a menu; the
  // server shows it only to the people it concerns.
  openPaths: [TASK_PATH, REQUEST_PATH],
  menuBadges: { [TASKS_PATH]: useTodoCount },
  meta: { [TASK_PATH]: { title: 'tasks:page.title' }, [REQUEST_PATH]: { title: 'tasks:request.title' } },
};
