import { USER_ENDPOINTS as E, USER_PERMISSIONS as P, type UserRecord } from '@macro/contract/users';
import { assertWrittenInScope } from '../../platform/dataScope.ts';
import { defineModule, type RouteCtx, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { encryptPassword, loadPasswordDecryptor } from '../auth/public.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { ROLE_ENDPOINTS } from '@macro/contract/roles';
import { adminRoleId, assertRolesExist } from '../identity/public.ts';
import {
  createManagedUser,
  grantRoles,
  platformDetail,
  removeUsers,
  setUserEnabled,
  setUserPassword,
  updateManagedUser,
  updatePlatform,
  userDetail,
  userPage,
  userPermissions,
  usersByIds,
  usersOfRole,
  setRoleUsers,
} from './manage.ts';
import { companyUsersOf, departmentMaintenanceUsers, enabledUsers, grantGroups, groupGrantView, maintenanceUsers } from './people.ts';
import { acceptedPassword } from './secret.ts';
import { createUser, findUserByAccount } from '../identity/public.ts';
import { userInfo } from '../auth/public.ts';
import { USER_DATA, users } from '../identity/public.ts';

/** Sweep data: a user holding a role, both named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'UserSweepMarker';
  const ok = async (response: Awaited<ReturnType<SweepClient['get']>>) => {
    if (response.statusCode !== 200) throw new Error(`users sweep fixture: ${response.body}`);
    return (response.json() as { data: { id: number; publicKey: string } }).data;
  };
  const { publicKey } = await ok(await owner.get('/api/macro-auth/oauth/public-key'));
  const secret = encryptPassword(publicKey, 'Sweep@123456');
  const role = await ok(await owner.post('/api/macro-system/role/submit', { roleName: `${marker} role`, roleAlias: 'user_sweep_role' }));
  const [post] = ((await owner.get('/api/macro-system/post/select')).json() as { data: { id: number }[] }).data;
  const user = await ok(
    await owner.post('/api/macro-user/submit', {
      account: 'user_sweep',
      name: marker,
      realName: marker,
      password: secret,
      password2: secret,
      roleIds: [role.id],
      postIds: [post.id],
    }),
  );
  const groups = ((await owner.get('/api/groups/list?size=500')).json() as { data: { records: { id: number }[] } }).data.records;
  await ok(await owner.post('/api/macro-user/groups/grant', { userIds: [user.id], groupIds: groups.map((g) => g.id) }));
  return {
    marker,
    query: { id: String(user.id), userId: String(user.id), ids: String(user.id), roleId: String(role.id), account: 'user_sweep', name: marker },
    body: {
      id: user.id,
      userIds: [user.id],
      roleIds: [role.id],
      postIds: [post.id],
      groupIds: [],
      roleId: role.id,
      enabled: false,
      userType: 2,
      account: 'stolen',
      name: 'stolen',
    },
    snapshot: async () =>
      [
        (await owner.get(`/api/macro-user/detail?id=${user.id}`)).body,
        (await owner.get(`/api/users/${user.id}/permission`)).body,
        (await owner.get(`/api/macro-user/platform-detail?id=${user.id}`)).body,
        (await owner.get(`/api/macro-user/groups/grant-view?userId=${user.id}`)).body,
      ].join('\n'),
  };
}

/** Routes that narrow users by the caller's data scopes (reads, edits, removals and creates alike). */
const scoped = { dataResources: [USER_DATA] } as const;

/** A user the caller creates must lie inside their data scope (its department, owner, ruled columns); else 403 and nothing stays. */
async function createInScope(ctx: RouteCtx, creating: Promise<UserRecord>): Promise<UserRecord> {
  const created = await creating;
  await assertWrittenInScope(ctx.tx, users, created.id, await ctx.dataScope.fresh(USER_DATA));
  return created;
}

/** An edit must leave the user inside the caller's data scope (a move to another department, a ruled column); else 403 and nothing stays. */
async function editInScope(ctx: RouteCtx, id: number, fields: Parameters<typeof updateManagedUser>[2]): Promise<UserRecord> {
  const scope = await ctx.dataScope(USER_DATA);
  const updated = await updateManagedUser(ctx, id, fields, scope);
  await assertWrittenInScope(ctx.tx, users, id, await ctx.dataScope.fresh(USER_DATA));
  return updated;
}

export const module = defineModule({
  name: 'users',
  uses: ['auth', 'identity', 'menus', 'org', 'posts', 'tenants'],
  after: ['menus', 'tenants', 'roles'],
  routes: async ({ db, config }) => {
    const decrypt = await loadPasswordDecryptor(db);
    return [
      route(E.info, (_, { tx, auth }) => userInfo(tx, auth!.userId)),
      // Who holds a role: membership is written here, beside the users' own roles.
      route(ROLE_ENDPOINTS.users, async ({ params }, { tx }) => {
        await assertRolesExist(tx, [params.id]);
        return usersOfRole(tx, params.id);
      }),
      route(ROLE_ENDPOINTS.setUsers, async ({ body }, ctx) => ({ users: await setRoleUsers(ctx, body.roleId, body.userIds) })),
      route(E.page, async ({ query }, { tx, dataScope }) => userPage(tx, query, await dataScope(USER_DATA)), scoped),
      route(E.detail, async ({ query }, { tx, dataScope }) => userDetail(tx, query.id, await dataScope(USER_DATA)), scoped),
      route(
        E.submit,
        async ({ body }, ctx) => {
          const { id, password, password2, ...fields } = body;
          if (id !== undefined) return editInScope(ctx, id, fields);
          return createInScope(ctx, createManagedUser(ctx, fields, acceptedPassword(decrypt, { password: password!, password2: password2! })));
        },
        scoped,
      ),
      route(E.update, ({ body: { id, ...fields } }, ctx) => editInScope(ctx, id, fields), scoped),
      route(E.remove, async ({ query }, ctx) => ({ removed: await removeUsers(ctx, query.ids, await ctx.dataScope(USER_DATA)) }), scoped),
      route(E.grant, async ({ body }, ctx) => ({ users: await grantRoles(ctx, body.userIds, body.roleIds, await ctx.dataScope(USER_DATA)) }), scoped),
      route(E.platformDetail, async ({ query }, { tx, dataScope }) => platformDetail(tx, query.id, await dataScope(USER_DATA)), scoped),
      route(E.updatePlatform, async ({ body }, ctx) => updatePlatform(ctx, body, await ctx.dataScope(USER_DATA)), scoped),
      route(E.restPage, async ({ query }, { tx, dataScope }) => userPage(tx, query, await dataScope(USER_DATA)), scoped),
      route(
        E.restCreate,
        ({ body: { password, password2, ...fields } }, ctx) =>
          createInScope(ctx, createManagedUser(ctx, fields, acceptedPassword(decrypt, { password, password2 }))),
        scoped,
      ),
      route(E.restUpdate, ({ params, body }, ctx) => editInScope(ctx, params.id, body), scoped),
      route(E.restRemove, async ({ params }, ctx) => ({ removed: await removeUsers(ctx, [params.id], await ctx.dataScope(USER_DATA)) }), scoped),
      route(E.enabled, async ({ params, body }, ctx) => setUserEnabled(ctx, params.id, body.enabled, await ctx.dataScope(USER_DATA)), scoped),
      route(
        E.password,
        async ({ params, body }, ctx) => {
          await setUserPassword(ctx, params.id, acceptedPassword(decrypt, body), await ctx.dataScope(USER_DATA));
          return null;
        },
        scoped,
      ),
      route(E.permission, async ({ params }, { tx, dataScope }) => userPermissions(tx, params.id, await dataScope(USER_DATA)), scoped),
      route(E.multi, async ({ params }, { tx, dataScope }) => usersByIds(tx, params.id, await dataScope(USER_DATA)), scoped),
      route(E.directory, ({ query }, { tx }) => enabledUsers(tx, query)),
      route(E.maintenanceUsers, ({ query }, { tx }) => maintenanceUsers(tx, query)),
      route(E.deptMaintenanceUsers, ({ params, query }, { tx }) => departmentMaintenanceUsers(tx, params.deptId, query)),
      route(
        E.companyUsers,
        async ({ params, query }, { tx, dataScope }) => companyUsersOf(tx, params.id, 'company', query, await dataScope(USER_DATA)),
        scoped,
      ),
      route(
        E.subCompanyUsers,
        async ({ params, query }, { tx, dataScope }) => companyUsersOf(tx, params.id, 'below', query, await dataScope(USER_DATA)),
        scoped,
      ),
      route(E.groupsGrantView, ({ query }, ctx) => groupGrantView(ctx, config.defaultTenantId, query.userId)),
      route(E.groupsGrant, async ({ body }, ctx) => ({ users: await grantGroups(ctx, config.defaultTenantId, body.userIds, body.groupIds) })),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '用户管理',
      path: '/controller/usermanage',
      sort: 10,
      source: 'UserOutlined',
      i18n: 'usermanage',
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.grant, name: '角色配置', category: 2, i18n: 'userGrant' },
        { code: P.status, name: '启用停用', category: 2, i18n: 'userStatus' },
        { code: P.password, name: '设置密码', category: 2, i18n: 'password' },
        { code: P.groups, name: '集团授权', category: 2, i18n: 'groups' },
      ],
    },
  ],
  dataResources: [USER_DATA],
  uniqueMessages: [{ constraint: 'macro_user_tenant_account', message: 'users.accountExists', params: { account: 'account' } }],
  // Every tenant starts with its administrator, holding the administrator role.
  async provision({ tx }, tenant) {
    if (await findUserByAccount(tx, tenant.adminAccount)) return;
    await createUser(tx, {
      account: tenant.adminAccount,
      name: '管理员',
      realName: '管理员',
      password: tenant.adminPassword,
      mustChangePassword: tenant.mustChangePassword,
      roleIds: [await adminRoleId(tx)],
    });
  },
  sweep: sweepFixture,
});
