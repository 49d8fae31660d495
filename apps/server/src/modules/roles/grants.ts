import type { GrantTreeNode, roleGrant } from '@macro/contract/roles';
import type { Ctx, Tx } from '@macro/store';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { buildTree } from '../../platform/tree.ts';
import { existingMenuIds, grantedMenuIds, menuRows, replaceGrants } from '../menus/lookup.ts';
import { packageMenusOf } from '../tenants/service.ts';
import { assertRolesExist } from './service.ts';

/** The menus and buttons the tenant may grant, as the grant dialog's tree. */
export async function grantTree(tx: Tx, tenantId: string): Promise<GrantTreeNode[]> {
  const rows = await menuRows(tx, await packageMenusOf(tx, tenantId));
  return buildTree(rows, (m): GrantTreeNode => ({ ...m, children: [] }), { id: (m) => m.id, parentId: (m) => m.parentId });
}

export function roleTreeKeys(tx: Tx, roleIds: readonly number[]): Promise<number[]> {
  return grantedMenuIds(tx, roleIds);
}

/**
 * Replaces what the roles grant, audited per role with before and after. The roles are
 * locked against removal meanwhile; menus must exist and sit inside the tenant's package.
 */
export async function grantRoles(ctx: Ctx, body: z.output<typeof roleGrant>): Promise<{ roles: number; menus: number }> {
  const roleIds = [...new Set(body.roleIds)];
  const menuIds = [...new Set(body.menuIds)].sort((a, b) => a - b);
  await assertRolesExist(ctx.tx, roleIds);
  if ((await existingMenuIds(ctx.tx, menuIds)).length !== menuIds.length) throw badRequest('roles.menuNotFound');
  const allowed = await packageMenusOf(ctx.tx, ctx.actor.tenantId);
  if (allowed && menuIds.some((id) => !allowed.includes(id))) throw badRequest('roles.outsidePackage');
  const before = await Promise.all(roleIds.map((id) => grantedMenuIds(ctx.tx, [id])));
  await replaceGrants(ctx.tx, roleIds, menuIds);
  for (const [i, roleId] of roleIds.entries()) {
    await ctx.audit.record(ctx.tx, ctx.actor, { action: 'grant', resource: 'role', resourceId: roleId, before: { menuIds: before[i] }, after: { menuIds } });
  }
  return { roles: roleIds.length, menus: menuIds.length };
}
