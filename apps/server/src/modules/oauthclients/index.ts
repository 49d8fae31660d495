import { OAUTH_CLIENT_ENDPOINTS as E, OAUTH_CLIENT_PERMISSIONS as P } from '@macro/contract/oauthclients';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { oauthClientService } from './service.ts';

/** Sweep data: a client of the platform, which no other tenant may list, read, change or rotate. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'OAuthClientSweepMarker';
  const created = await owner.post(`/api${E.create.path}`, {
    clientId: 'sweep-client',
    name: marker,
    grants: ['password'],
    accessTtl: 600,
    refreshTtl: 3600,
  });
  if (created.statusCode !== 200) throw new Error(`sweep fixture: ${created.body}`);
  const id = (created.json() as { data: { client: { id: number } } }).data.client.id;
  return {
    marker,
    query: { id: String(id), keyword: marker },
    body: { enabled: false, name: 'stolen', grants: ['password'], accessTtl: 60, refreshTtl: 60 },
    snapshot: async () => (await owner.get(`/api/macro-system/oauth-client/${id}`)).body,
  };
}

export const module = defineModule({
  name: 'oauthclients',
  uses: ['auth', 'identity'],
  after: ['auth', 'menus'],
  routes: (deps) => {
    const service = oauthClientService(deps);
    return [
      route(E.list, ({ query }, ctx) => service.list(ctx, query)),
      route(E.detail, ({ params }, ctx) => service.detail(ctx, params.id)),
      route(E.create, ({ body }, ctx) => service.create(ctx, body)),
      route(E.update, ({ params, body }, ctx) => service.update(ctx, params.id, body)),
      route(E.setEnabled, ({ params, body }, ctx) => service.setEnabled(ctx, params.id, body.enabled)),
      route(E.rotateSecret, ({ params }, ctx) => service.rotateSecret(ctx, params.id)),
      route(E.remove, ({ params }, ctx) => service.remove(ctx, params.id)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: 'OAuth 客户端',
      path: '/controller/oauthClient',
      source: 'KeyOutlined',
      i18n: 'oauthClients',
      sort: 95,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.secret, name: '重置密钥', category: 2, i18n: 'rotateSecret' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_oauth_client_pkey', message: 'oauthclients.clientIdTaken', params: { clientId: 'clientId' } }],
  sweep: sweepFixture,
});
