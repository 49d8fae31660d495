import { DASHBOARD_ENDPOINTS as E, DASHBOARD_PERMISSIONS as P } from '@macro/contract/dashboard';
import { defineModule, route } from '../../platform/module.ts';
import { DEPT_DATA } from '../org/public.ts';
import { USER_DATA } from '../identity/public.ts';
import { dashboardSummary } from './service.ts';

export const module = defineModule({
  name: 'dashboard',
  uses: ['audit', 'identity', 'menus', 'org', 'posts', 'scopes'],
  after: ['users', 'org', 'roles', 'posts', 'menus', 'audit'],
  routes: () => [
    route(
      E.summary,
      (_, { tx, auth, dataScope }) => dashboardSummary(tx, auth!.userId, { user: () => dataScope(USER_DATA), department: () => dataScope(DEPT_DATA) }),
      { dataResources: [USER_DATA, DEPT_DATA] },
    ),
  ],
  // The home page's figures: first in the sidebar, opening the welcome page (/wel/index).
  menus: [{ code: P.view, name: '首页', path: '/wel/index', source: 'DashboardOutlined', i18n: 'dashboard', sort: 0 }],
});
