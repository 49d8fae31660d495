import { INTERFACE_ENDPOINTS as E, INTERFACE_PERMISSIONS as P } from '@macro/contract/interfaces';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { checkedHost, outboundPolicy } from '../../platform/outbound.ts';
import { dataSourcesOf } from '../datasources/public.ts';
import { interfaceDocument } from './document.ts';
import { serveCall } from './live.ts';
import {
  allInterfaces,
  categoryTree,
  createInterface,
  interfaceCallsOf,
  interfaceDetail,
  listInterfaces,
  productOperationPage,
  productOperations,
  removeCategory,
  removeInterface,
  setInterfaceEnabled,
  submitCategory,
  updateInterface,
} from './service.ts';
import { interfaceCalls, interfaceCategories, interfaceRates, interfaces } from './tables.ts';

/** Sweep data: a category and an interface named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'InterfaceSweepMarker';
  const category = await owner.post(`/api${E.categorySubmit.path}`, { name: marker });
  if (category.statusCode !== 200) throw new Error(`sweep fixture: ${category.body}`);
  const categoryId = (category.json() as { data: { id: number } }).data.id;
  const created = await owner.post(`/api${E.create.path}`, {
    categoryId,
    code: marker,
    name: marker,
    path: 'sweep-marker',
    kind: 'http',
    url: 'http://1.1.1.1/sweep',
  });
  if (created.statusCode !== 200) throw new Error(`sweep fixture: ${created.body}`);
  const id = (created.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), categoryId: String(categoryId), name: marker, '*': 'sweep-marker' },
    body: { id, categoryId, code: 'stolen', name: 'stolen', path: 'stolen', kind: 'http', url: 'http://1.1.1.1/stolen' },
    snapshot: async () => (await owner.get(`/api${E.detail.path.replace(':id', String(id))}`)).body + (await owner.get(`/api${E.categoryTree.path}`)).body,
  };
}

export const module = defineModule({
  name: 'interfaces',
  uses: ['auth', 'datasources', 'users'],
  after: ['datasources'],
  tables: [interfaceCategories, interfaces, interfaceCalls, interfaceRates],
  routes: (deps) => {
    // Interfaces that forward reach the addresses service tasks may reach, no others.
    const policy = outboundPolicy(deps.config.serviceHosts);
    const checkUrl = async (url: string) => void (await checkedHost(new URL(url).hostname, policy));
    const live = { requestDb: deps.requestDb, sources: dataSourcesOf(deps), policy, timeoutMs: deps.config.serviceTimeoutMs };
    return [
      route(E.catalogue, async (_, { request }) => productOperations(request.server.endpoints)),
      route(E.cataloguePage, async ({ query }, { request }) => productOperationPage(request.server.endpoints, query)),
      route(E.categoryTree, (_, { tx }) => categoryTree(tx)),
      route(E.categorySubmit, ({ body }, ctx) => submitCategory(ctx, body)),
      route(E.categoryRemove, async ({ params }, ctx) => ({ removed: await removeCategory(ctx, params.id) })),
      route(E.page, ({ query }, { tx }) => listInterfaces(tx, query)),
      route(E.all, (_, { tx }) => allInterfaces(tx)),
      route(E.document, (_, { tx, actor }) => interfaceDocument(tx, actor.tenantId)),
      route(E.detail, ({ params }, { tx }) => interfaceDetail(tx, params.id)),
      route(E.create, ({ body }, ctx) => createInterface(ctx, body, checkUrl)),
      route(E.update, ({ params, body }, ctx) => updateInterface(ctx, params.id, body, checkUrl)),
      route(E.remove, async ({ params }, ctx) => ({ removed: await removeInterface(ctx, params.id) })),
      route(E.enable, ({ params }, ctx) => setInterfaceEnabled(ctx, params.id, true)),
      route(E.disable, ({ params }, ctx) => setInterfaceEnabled(ctx, params.id, false)),
      route(E.calls, ({ params, query }, { tx }) => interfaceCallsOf(tx, params.id, query)),
      route(E.callGet, (args, ctx) => serveCall(live, 'GET', args, ctx)),
      route(E.callPost, (args, ctx) => serveCall(live, 'POST', args, ctx)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.data,
      code: P.view,
      name: '接口管理',
      path: '/data/interface',
      source: 'ApiOutlined',
      i18n: 'interfaces',
      sort: 40,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.publish, name: '启停', category: 2, i18n: 'status' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_interface_info_code', message: 'interfaces.codeExists', params: { code: 'code' } },
    { constraint: 'macro_interface_info_route', message: 'interfaces.routeExists', params: { method: 'method', path: 'path' } },
    { constraint: 'macro_interface_category_name', message: 'interfaces.categoryExists', params: { name: 'name' } },
  ],
  sweep: sweepFixture,
});
