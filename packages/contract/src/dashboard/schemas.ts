import { z } from 'zod';

/** Days the sign-in chart covers (today included). */
export const DASHBOARD_SIGNIN_DAYS = 14;
/** Departments the "users by department" chart shows (the largest first). */
export const DASHBOARD_TOP_DEPARTMENTS = 8;
/** Recent sign-ins listed. */
export const DASHBOARD_RECENT_SIGNINS = 5;

/**
 * What the caller can reach, counted within their tenant and data scopes. A figure is null when
 * the caller holds no view permission on it (the screen then does not show it).
 */
export const dashboardCounts = z.object({
  users: z.number().nullable(),
  departments: z.number().nullable(),
  roles: z.number().nullable(),
  posts: z.number().nullable(),
  /** Menus (not buttons) the caller's roles grant: their own sidebar. */
  menus: z.number(),
});

export const dashboardSignIn = z.object({
  time: z.string(),
  ip: z.string(),
  /** How: password, social, token, signed… (what the sign-in recorded). */
  via: z.string(),
});

export const dashboardSummary = z
  .object({
    counts: dashboardCounts,
    /** The caller's latest sign-ins, newest first. */
    recentSignIns: z.array(dashboardSignIn),
    /** The caller's sign-ins per day over the last days, oldest first (`YYYY-MM-DD`, server time zone UTC). */
    signInsByDay: z.array(z.object({ day: z.string(), count: z.number() })),
    /** Users per department within the caller's data scope, largest first; null without user:view. */
    usersByDepartment: z.array(z.object({ deptId: z.number().nullable(), deptName: z.string(), count: z.number() })).nullable(),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof dashboardSummary>;
