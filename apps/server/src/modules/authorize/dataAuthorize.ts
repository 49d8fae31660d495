import type { DataAuthorizeMenu, DataAuthorizeView, dataAuthorizeSave } from '@macro/contract/authorize';
import { MENU_CATEGORY } from '@macro/contract/menus';
import type { Ctx, Tx } from '@macro/store';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { buildTree } from '../../platform/tree.ts';
import { menuRows } from '../menus/public.ts';
import { allDataScopes, lockScopes, replaceObjectScopes, scopesGrantedTo, userScopeIds } from '../scopes/public.ts';
import { packageMenusOf } from '../tenants/public.ts';
import { distinctIds, type GrantObject, grantObject } from './objects.ts';

/** The scopes the object holds itself: a role's grants, or those given to the user directly. */
async function heldBy(tx: Tx, object: GrantObject): Promise<number[]> {
  return object.kind === 'role' ? (await scopesGrantedTo(tx, [object.id])).dataScope : userScopeIds(tx, object.id);
}

/**
 * The tenant's menus (its package's) that carry data scopes, with the folders above them so the
 * tree reads as the sidebar does; each menu lists its scopes.
 */
async function scopeMenus(tx: Tx, tenantId: string): Promise<DataAuthorizeMenu[]> {
  const scopes = await allDataScopes(tx);
  const rows = (await menuRows(tx, await packageMenusOf(tx, tenantId))).filter((m) => m.category === MENU_CATEGORY.menu);
  const byId = new Map(rows.map((m) => [m.id, m]));
  const wanted = new Set<number>();
  for (const scope of scopes) {
    for (let menu = byId.get(scope.menuId); menu && !wanted.has(menu.id); menu = byId.get(menu.parentId)) wanted.add(menu.id);
  }
  return buildTree(
    rows.filter((m) => wanted.has(m.id)),
    (m): DataAuthorizeMenu => ({
      id: m.id,
      parentId: m.parentId,
      code: m.code,
      name: m.name,
      i18n: m.i18n,
      scopes: scopes.filter((s) => s.menuId === m.id).map(({ id, scopeName, resourceCode, scopeType }) => ({ id, scopeName, resourceCode, scopeType })),
      children: [],
    }),
    { id: (m) => m.id, parentId: (m) => m.parentId },
  );
}

export async function dataAuthorizeMenu(tx: Tx, tenantId: string, objectType: number, objectId: number): Promise<DataAuthorizeView> {
  const object = await grantObject(tx, objectType, objectId);
  return { objectId, objectType, menus: await scopeMenus(tx, tenantId), dataScopeIds: await heldBy(tx, object) };
}

/**
 * Sets the data scopes a role or a user holds, menu by menu: with `menuIds`, exactly
 * `dataScopeIds` among those menus' scopes (the rest stays); without, exactly `dataScopeIds`.
 * Audited with before and after, in the request's one transaction.
 */
export async function saveDataAuthorize(ctx: Ctx, body: z.output<typeof dataAuthorizeSave>): Promise<DataAuthorizeView> {
  const { tx } = ctx;
  const object = await grantObject(tx, body.objectType, body.objectId);
  const keep = distinctIds(body.dataScopeIds);
  const locked = await lockScopes(tx, keep);
  if (locked.length !== keep.length) throw badRequest('authorize.scopeNotFound');
  let within: number[] | null = null;
  if (body.menuIds) {
    const menus = new Set(body.menuIds);
    const outside = locked.find((s) => !menus.has(s.menuId));
    if (outside) throw badRequest('authorize.scopeOutsideMenus', { name: outside.scopeName });
    within = (await allDataScopes(tx)).filter((s) => menus.has(s.menuId)).map((s) => s.id);
  }
  const before = await heldBy(tx, object);
  await replaceObjectScopes(tx, object, within, keep);
  const after = await heldBy(tx, object);
  await ctx.audit.record(tx, ctx.actor, {
    action: 'grant',
    resource: `dataAuthorize.${object.kind}`,
    resourceId: object.id,
    before: { dataScopeIds: before },
    after: { dataScopeIds: after, menuIds: body.menuIds ?? null },
  });
  return { objectId: body.objectId, objectType: body.objectType, menus: await scopeMenus(tx, ctx.actor.tenantId), dataScopeIds: after };
}
