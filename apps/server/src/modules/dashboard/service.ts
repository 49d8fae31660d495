import { DASHBOARD_RECENT_SIGNINS, DASHBOARD_SIGNIN_DAYS, DASHBOARD_TOP_DEPARTMENTS, type DashboardSummary } from '@macro/contract/dashboard';
import { MENU_CATEGORY } from '@macro/contract/menus';
import { DEPT_PERMISSIONS } from '@macro/contract/org';
import { POST_PERMISSIONS } from '@macro/contract/posts';
import { ROLE_PERMISSIONS } from '@macro/contract/roles';
import { USER_PERMISSIONS } from '@macro/contract/users';
import { rowsOf, type Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { auditLogs } from '../audit/public.ts';
import { menus, roleMenus } from '../menus/public.ts';
import { permissionCodes } from '../menus/public.ts';
import { departments } from '../org/public.ts';
import { posts } from '../posts/public.ts';
import { roles } from '../identity/public.ts';
import { apiScopeCodes } from '../scopes/public.ts';
import { roleIdsOf } from '../identity/public.ts';
import { users } from '../identity/public.ts';
import { iso } from '../../platform/time.ts';

/** The caller's data-scope predicates (on alias `t`) of the resources the dashboard counts. */
export interface DashboardScopes {
  user: () => Promise<SQL>;
  department: () => Promise<SQL>;
}

async function countOf(tx: Tx, table: SQL, where: SQL = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(await tx.execute(sql`select count(*) as n from ${table} t where ${where}`));
  return Number(row?.n ?? 0);
}

/**
 * The dashboard of `userId`: what they can reach (a figure only when they hold the view
 * permission of its screen; users and departments narrowed by their data scopes), their own
 * sign-ins, and users per department within their scope.
 */
export async function dashboardSummary(tx: Tx, userId: number, scopes: DashboardScopes): Promise<DashboardSummary> {
  const roleIds = await roleIdsOf(tx, userId);
  const held = new Set([...(await permissionCodes(tx, roleIds)), ...(await apiScopeCodes(tx, roleIds))]);
  const userScope = held.has(USER_PERMISSIONS.view) ? await scopes.user() : null;
  const deptScope = held.has(DEPT_PERMISSIONS.view) ? await scopes.department() : null;

  const menuCount = roleIds.length
    ? Number(
        rowsOf<{ n: unknown }>(
          await tx.execute(sql`select count(distinct m.id) as n from ${roleMenus} rm join ${menus} m on m.id = rm.menu_id
            where rm.role_id in (${sql.join(
              roleIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and m.category = ${MENU_CATEGORY.menu}`),
        )[0]?.n ?? 0,
      )
    : 0;

  const counts = {
    users: userScope ? await countOf(tx, sql`${users}`, userScope) : null,
    departments: deptScope ? await countOf(tx, sql`${departments}`, deptScope) : null,
    roles: held.has(ROLE_PERMISSIONS.view) ? await countOf(tx, sql`${roles}`) : null,
    posts: held.has(POST_PERMISSIONS.view) ? await countOf(tx, sql`${posts}`) : null,
    menus: menuCount,
  };

  const recent = rowsOf<{ created_at: unknown; ip: string; after: unknown }>(
    await tx.execute(sql`select created_at, ip, "after" from ${auditLogs}
      where user_id = ${userId} and action = 'login' order by created_at desc limit ${DASHBOARD_RECENT_SIGNINS}`),
  );
  const recentSignIns = recent.map((r) => {
    const after = (typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as { via?: unknown } | null;
    return { time: iso(r.created_at), ip: String(r.ip ?? ''), via: typeof after?.via === 'string' ? after.via : '' };
  });

  const byDay = rowsOf<{ day: string; n: unknown }>(
    await tx.execute(sql`select to_char(d.day, 'YYYY-MM-DD') as day, count(a.id) as n
      from generate_series((now() at time zone 'UTC')::date - ${DASHBOARD_SIGNIN_DAYS - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
      left join ${auditLogs} a on a.user_id = ${userId} and a.action = 'login'
        and a.created_at >= (d.day at time zone 'UTC') and a.created_at < ((d.day + interval '1 day') at time zone 'UTC')
      group by d.day order by d.day`),
  );
  const signInsByDay = byDay.map((r) => ({ day: String(r.day), count: Number(r.n) }));

  const usersByDepartment = userScope
    ? rowsOf<{ dept_id: unknown; dept_name: string; n: unknown }>(
        await tx.execute(sql`select t.dept_id, max(t.dept_name) as dept_name, count(*) as n from ${users} t where ${userScope}
          group by t.dept_id order by n desc, t.dept_id nulls last limit ${DASHBOARD_TOP_DEPARTMENTS}`),
      ).map((r) => ({ deptId: r.dept_id === null ? null : Number(r.dept_id), deptName: String(r.dept_name ?? ''), count: Number(r.n) }))
    : null;

  return { counts, recentSignIns, signInsByDay, usersByDepartment };
}
