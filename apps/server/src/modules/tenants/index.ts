import {
  GROUP_ENDPOINTS as G,
  TENANT_ENDPOINTS as E,
  TENANT_PACKAGE_ENDPOINTS as PE,
  TENANT_PACKAGE_PERMISSIONS as PP,
  TENANT_PERMISSIONS as P,
} from '@macro/contract/tenants';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { tenantService, withdrawMenusFromPackages } from './service.ts';
import { tenantPackages, tenants } from './tables.ts';

/** Sweep data: a tenant the platform administrator created, which no other tenant may see or change. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'TenantSweepMarker';
  const created = await owner.post('/api/tenant', { tenantName: marker, linkman: marker });
  if (created.statusCode !== 200) throw new Error(`sweep fixture: ${created.body}`);
  const tenant = (created.json() as { data: { id: number; tenantId: string } }).data;
  return {
    marker,
    query: { id: String(tenant.id), tenantId: tenant.tenantId, tenantName: marker },
    body: { tenantId: tenant.tenantId, tenantName: 'stolen', account: 'admin', name: 'stolen', status: 0 },
    snapshot: async () => (await owner.get(`/api/tenant/${tenant.id}`)).body,
  };
}

export const module = defineModule({
  name: 'tenants',
  uses: ['identity', 'menus'],
  tables: [tenantPackages, tenants],
  // Packages offer menus: a moved menu can leave a package's reach, a removed one leaves it.
  menusChanged: async (ctx, change, deps) => {
    if (change.kind === 'moved') await tenantService(deps).reapplyPackages(ctx);
    else await withdrawMenusFromPackages(ctx, change.ids);
  },
  routes: (deps) => {
    const service = tenantService(deps);
    return [
      route(E.list, ({ query }, ctx) => service.list(ctx, query)),
      route(E.detail, ({ params }, ctx) => service.detail(ctx, params.id)),
      route(E.create, ({ body }, ctx) => service.create(ctx, body)),
      route(E.update, ({ params, body }, ctx) => service.update(ctx, params.id, body)),
      route(E.status, ({ params, body }, ctx) => service.setStatus(ctx, params.id, body.status)),
      route(E.remove, ({ params }, ctx) => service.remove(ctx, params.id)),
      route(E.users, ({ params, query }, ctx) => service.users(ctx, params.id, query)),
      route(E.userExists, ({ body }, ctx) => service.userExists(ctx, body.tenantId, body.account)),
      route(E.userCreate, ({ body }, ctx) => service.createUser(ctx, body)),
      route(E.userChange, ({ params, body }, ctx) => service.changeUser(ctx, params.id, body)),
      route(E.userRemove, ({ params, query }, ctx) => service.removeUser(ctx, params.id, query.tenantId)),
      route(G.list, ({ query }, ctx) => service.list(ctx, query)),
      route(G.detail, ({ query }, ctx) => service.detail(ctx, query.id)),
      route(G.submit, ({ body }, ctx) => service.submitGroup(ctx, body)),
      route(G.remove, ({ query }, ctx) => service.removeGroups(ctx, query.ids)),
      route(G.grant, ({ body }, ctx) => service.grant(ctx, body)),
      route(G.info, ({ query }) => service.info(query.domain)),
      route(G.packageDetail, ({ query }, ctx) => service.packageOf(ctx, query.tenantId)),
      route(PE.list, ({ query }, ctx) => service.listPackages(ctx, query)),
      route(PE.detail, ({ query }, ctx) => service.packageDetail(ctx, query.id)),
      route(PE.submit, ({ body }, ctx) => service.submitPackage(ctx, body)),
      route(PE.remove, ({ query }, ctx) => service.removePackages(ctx, query.ids)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '租户管理',
      path: '/controller/tenant',
      source: 'ApartmentOutlined',
      i18n: 'tenants',
      sort: 90,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.status, name: '启停', category: 2, i18n: 'status' },
        { code: P.users, name: '租户用户', category: 2, i18n: 'tenantUsers' },
      ],
    },
    {
      parent: MENU_FOLDERS.system,
      code: PP.view,
      name: '租户产品包',
      path: '/controller/tenantPackage',
      source: 'GiftOutlined',
      i18n: 'tenantPackages',
      sort: 91,
      children: [
        { code: PP.add, name: '新增', category: 2, i18n: 'add' },
        { code: PP.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: PP.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'tenant_tenant_id_unique', message: 'tenants.codeExists', params: { tenantId: 'tenantId' } },
    { constraint: 'tenant_package_package_name_unique', message: 'tenants.packageNameExists', params: { name: 'packageName' } },
  ],
  sweep: sweepFixture,
});
