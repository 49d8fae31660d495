import { defineEndpoint } from '../endpoint.ts';
import { DASHBOARD_PERMISSIONS as P } from './permissions.ts';
import { dashboardSummary } from './schemas.ts';

const tag = 'dashboard';

/** The welcome page's figures. */
export const DASHBOARD_ENDPOINTS = {
  summary: defineEndpoint({
    operationId: 'dashboard.summary',
    method: 'GET',
    path: '/macro-system/dashboard/summary',
    tag,
    summary: 'Figures of the dashboard',
    description:
      'What the caller can reach in their tenant: users and departments counted within their data scopes, roles and posts, and the menus their roles grant (a figure is null without the view permission of its screen); their latest sign-ins; their sign-ins per day over the last 14 days; users per department (the 8 largest, data-scoped).',
    access: P.view,
    response: dashboardSummary,
  }),
};
