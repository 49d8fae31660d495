import type { GrantTreeNode, roleGrant } from '@macro/contract/roles';
import type { Ctx, Tx } from '@macro/store';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { buildTree } from '../../platform/tree.ts';
import { existingMenuIds, grantedMenuIds, menuRows, replaceGrants } from '../menus/public.ts';
import { replaceScopeGrants, scopesGrantedTo } from '../scopes/public.ts';
import { packageMenusOf } from '../tenants/public.ts';
import { assertRolesExist } from '../identity/public.ts';
import { removeRoles } from './service.ts';

/** The menus and buttons the tenant may grant, as the grant dialog's tree. */
export async function grantTree(tx: Tx, tenantId: string): Promise<GrantTreeNode[]> {
  const rows = await menuRows(tx, await packageMenusOf(tx, tenantId));
  return buildTree(rows, (m): GrantTreeNode => ({ ...m, children: [] }), { id: (m) => m.id, parentId: (m) => m.parentId });
}

/** What the roles grant: menus and buttons, data scopes, API scopes. */
export async function roleTreeKeys(tx: Tx, roleIds: readonly number[]): Promise<{ menu: number[]; dataScope: number[]; apiScope: number[] }> {
  return { menu: await grantedMenuIds(tx, roleIds), ...(await scopesGrantedTo(tx, roleIds)) };
}

const distinct = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Replaces what the roles grant (menus and buttons, data scopes, API scopes), audited per role
 * with before and after. The roles are locked against removal meanwhile; menus must exist and
 * sit inside the tenant's package, scopes must exist in the tenant.
 */
export async function grantRoles(ctx: Ctx, body: z.output<typeof roleGrant>): Promise<{ roles: number; menus: number; dataScopes: number; apiScopes: number }> {
  const roleIds = [...new Set(body.roleIds)];
  const menuIds = distinct(body.menuIds);
  const dataScopeIds = distinct(body.dataScopeIds);
  const apiScopeIds = distinct(body.apiScopeIds);
  await assertRolesExist(ctx.tx, roleIds);
  if ((await existingMenuIds(ctx.tx, menuIds)).length !== menuIds.length) throw badRequest('roles.menuNotFound');
  const allowed = await packageMenusOf(ctx.tx, ctx.actor.tenantId);
  if (allowed && menuIds.some((id) => !allowed.includes(id))) throw badRequest('roles.outsidePackage');
  const before = await Promise.all(roleIds.map((id) => roleTreeKeys(ctx.tx, [id])));
  await replaceGrants(ctx.tx, roleIds, menuIds);
  await replaceScopeGrants(ctx.tx, roleIds, dataScopeIds, apiScopeIds);
  const after = { menuIds, dataScopeIds, apiScopeIds };
  for (const [i, roleId] of roleIds.entries()) {
    const was = { menuIds: before[i].menu, dataScopeIds: before[i].dataScope, apiScopeIds: before[i].apiScope };
    await ctx.audit.record(ctx.tx, ctx.actor, { action: 'grant', resource: 'role', resourceId: roleId, before: was, after });
  }
  return { roles: roleIds.length, menus: menuIds.length, dataScopes: dataScopeIds.length, apiScopes: apiScopeIds.length };
}

/**
 * Removes roles (refused as `removeRoles` refuses) and, in the same transaction, every grant they
 * held (menus and buttons, data scopes, API scopes), audited per role, so nothing dangles behind them.
 */
export async function removeRolesWithGrants(ctx: Ctx, ids: number[]): Promise<number> {
  const roleIds = [...new Set(ids)];
  const removed = await removeRoles(ctx, roleIds);
  const before = await Promise.all(roleIds.map((id) => roleTreeKeys(ctx.tx, [id])));
  await replaceGrants(ctx.tx, roleIds, []);
  await replaceScopeGrants(ctx.tx, roleIds, [], []);
  for (const [i, roleId] of roleIds.entries()) {
    const was = { menuIds: before[i].menu, dataScopeIds: before[i].dataScope, apiScopeIds: before[i].apiScope };
    if (was.menuIds.length + was.dataScopeIds.length + was.apiScopeIds.length === 0) continue;
    await ctx.audit.record(ctx.tx, ctx.actor, { action: 'revoke', resource: 'role', resourceId: roleId, before: was });
  }
  return removed;
}
