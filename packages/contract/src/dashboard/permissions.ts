/** Code of the dashboard (the welcome page's figures). */
export const DASHBOARD_PERMISSIONS = {
  view: 'dashboard:view',
} as const;
