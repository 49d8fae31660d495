import { rowsOf, type Tx } from '@macro/store';
import type { ApproverResolver, ApproverRule, DelegationPort, ResolveContext } from '@macro/workflow';
import { type SQL, sql } from 'drizzle-orm';
import { activeDelegateFor } from '../delegates/public.ts';
import { departments } from '../org/public.ts';
import { roles } from '../identity/public.ts';
import { USER_STATUS, userPosts, userRoles, users } from '../identity/public.ts';

const ids = (values: readonly string[]) => values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function userIds(tx: Tx, query: SQL): Promise<number[]> {
  return rowsOf<{ id: number }>(await tx.execute(query)).map((r) => Number(r.id));
}

/** The starter's department and company (null when the starter has none). */
async function placeOf(tx: Tx, starterId: number): Promise<{ deptId: number | null; companyId: number | null }> {
  const [row] = rowsOf<{ dept_id: number | null; company_id: number | null }>(
    await tx.execute(sql`select u.dept_id, d.company_id from ${users} u left join ${departments} d on d.id = u.dept_id where u.id = ${starterId}`),
  );
  return { deptId: row?.dept_id == null ? null : Number(row.dept_id), companyId: row?.company_id == null ? null : Number(row.company_id) };
}

/**
 * Approvers from the organisation tables: holders of a role in the starter's company or
 * department, holders of a role a BPMN performer names, holders of a post, and the starter's superior (the manager named on their
 * department, level 2 on its parent, …). Disabled users never approve.
 */
export const organisationResolver: ApproverResolver = {
  async resolve(tx: Tx, rule: ApproverRule, context: ResolveContext): Promise<number[]> {
    const enabled = sql`u.status = ${USER_STATUS.enabled}`;
    switch (rule.kind) {
      case 'roleCompany':
      case 'roleDept': {
        const roles = ids(rule.values);
        if (!roles.length) return [];
        const place = await placeOf(tx, context.starterId);
        const where =
          rule.kind === 'roleDept'
            ? place.deptId === null
              ? sql`false`
              : sql`u.dept_id = ${place.deptId}`
            : place.companyId === null
              ? sql`true`
              : sql`u.dept_id in (select d.id from ${departments} d where d.company_id = ${place.companyId})`;
        return userIds(
          tx,
          sql`select distinct u.id from ${users} u join ${userRoles} r on r.user_id = u.id where r.role_id in (${list(roles)}) and ${enabled} and ${where} order by u.id`,
        );
      }
      case 'performer': {
        // BPMN's own performers name resources: the tenant's roles of that alias or name.
        if (!rule.values.length) return [];
        const names = list(rule.values);
        return userIds(
          tx,
          sql`select distinct u.id from ${users} u join ${userRoles} ur on ur.user_id = u.id join ${roles} r on r.id = ur.role_id
              where (r.role_alias in (${names}) or r.role_name in (${names})) and ${enabled} order by u.id`,
        );
      }
      case 'post': {
        const posts = ids(rule.values);
        if (!posts.length) return [];
        return userIds(
          tx,
          sql`select distinct u.id from ${users} u join ${userPosts} p on p.user_id = u.id where p.post_id in (${list(posts)}) and ${enabled} order by u.id`,
        );
      }
      case 'superior': {
        const levels = Math.max(1, Math.min(10, Number(rule.values[0] ?? 1) || 1));
        let { deptId } = await placeOf(tx, context.starterId);
        for (let level = 1; deptId !== null; level++) {
          const [dept] = rowsOf<{ parent_id: number; manager: string }>(
            await tx.execute(sql`select parent_id, manager from ${departments} where id = ${deptId}`),
          );
          if (!dept) return [];
          if (level === levels) {
            const manager = dept.manager.trim();
            if (!manager) return [];
            return userIds(
              tx,
              sql`select u.id from ${users} u where (u.account = ${manager} or u.name = ${manager} or u.real_name = ${manager}) and ${enabled} order by u.id`,
            );
          }
          deptId = Number(dept.parent_id) || null;
        }
        return [];
      }
      default:
        return [];
    }
  },
};

/** Standing delegations come from the delegates module. */
export const delegatesPort: DelegationPort = {
  activeDelegateFor: (tx, userId, processKey, at) => activeDelegateFor(tx, userId, processKey, at),
};
