import { type SQL, sql } from 'drizzle-orm';
import { roleIdsSql } from '../identity/public.ts';
import { rolesGrantCode } from '../menus/public.ts';
import { rolesHoldApiScope } from '../scopes/public.ts';

/** Whether the user holds `code`: through a granted menu or button, or through a granted API scope naming it. */
export function userHoldsCode(userId: SQL, code: string): SQL {
  const roleIds = roleIdsSql(userId);
  return sql`(${rolesGrantCode(roleIds, code)} or ${rolesHoldApiScope(roleIds, code)})`;
}
