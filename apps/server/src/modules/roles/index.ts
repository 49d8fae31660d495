import { ROLE_ENDPOINTS as E, ROLE_PERMISSIONS as P } from '@macro/contract/roles';
import { defineModule, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { allMenuIds, grantMenus, permissionCodes } from '../menus/public.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { allRoles, findRole, roleDetail, roleList, rolePage, roleTree, roleTreeWithout, submitRole } from './service.ts';
import { ensureAdminRole } from '../identity/public.ts';
import { grantRoles, grantTree, removeRolesWithGrants, roleTreeKeys } from './grants.ts';

/** Sweep data: a parent role with a child, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'RoleSweepMarker';
  const submit = async (body: object) => {
    const response = await owner.post('/api/macro-system/role/submit', body);
    if (response.statusCode !== 200) throw new Error(`roles sweep fixture: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const parent = await submit({ roleName: marker, roleAlias: 'role_sweep_parent' });
  const child = await submit({ parentId: parent, roleName: `${marker} child`, roleAlias: 'role_sweep_child' });
  return {
    marker,
    query: { id: String(child), ids: `${parent},${child}`, roleId: String(child), roleName: marker },
    body: { id: child, parentId: parent, roleId: child, roleName: 'stolen', roleAlias: 'stolen', userIds: [] },
    snapshot: async () =>
      [
        (await owner.get('/api/macro-system/role/list')).body,
        (await owner.get(`/api/roles/${child}`)).body,
        (await owner.get(`/api/roles/${child}/users`)).body,
      ].join('\n'),
  };
}

export const module = defineModule({
  name: 'roles',
  uses: ['identity', 'menus', 'scopes', 'tenants'],
  after: ['menus', 'tenants'],
  routes: () => [
    route(E.grant, ({ body }, ctx) => grantRoles(ctx, body)),
    route(E.grantTree, (_, { tx, actor }) => grantTree(tx, actor.tenantId)),
    route(E.roleTreeKeys, ({ query }, { tx }) => roleTreeKeys(tx, query.roleIds)),
    route(E.list, ({ query }, { tx }) => roleList(tx, query)),
    route(E.detail, ({ params }, { tx }) => roleDetail(tx, params.id)),
    route(E.submit, ({ body }, ctx) => submitRole(ctx, body)),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removeRolesWithGrants(ctx, query.ids) })),
    route(E.tree, ({ query }, { tx, actor }) => roleTree(tx, actor.tenantId, query.tenantId)),
    route(E.treeById, ({ query }, { tx }) => roleTreeWithout(tx, query.roleId)),
    route(E.page, ({ query }, { tx }) => rolePage(tx, query)),
    route(E.all, (_, { tx }) => allRoles(tx)),
    route(E.create, ({ body }, ctx) => submitRole(ctx, body)),
    route(E.update, ({ params, body }, ctx) => submitRole(ctx, { ...body, id: params.id })),
    route(E.delete, async ({ params }, ctx) => ({ removed: await removeRolesWithGrants(ctx, [params.id]) })),
    route(E.permission, async ({ params }, { tx }) => {
      await findRole(tx, params.id);
      return { permissions: await permissionCodes(tx, [params.id]) };
    }),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '角色管理',
      path: '/controller/rolemanage',
      sort: 11,
      source: 'TeamOutlined',
      i18n: 'rolemanage',
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.users, name: '角色用户', category: 2, i18n: 'roleUsers' },
        { code: P.grant, name: '权限设置', category: 2, i18n: 'grant' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_role_tenant_alias', message: 'roles.aliasExists', params: { alias: 'roleAlias' } }],
  // Every tenant starts with an administrator role holding every menu and button.
  async provision({ tx }) {
    const adminRole = await ensureAdminRole(tx);
    await grantMenus(tx, adminRole, await allMenuIds(tx));
  },
  sweep: sweepFixture,
});
