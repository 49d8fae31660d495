import { DELEGATE_ENDPOINTS, DELEGATE_PERMISSIONS } from '@macro/contract/delegates';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { encryptPassword } from '../auth/public.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { createDelegate, listDelegates, removeDelegate, updateDelegate } from './service.ts';
import { delegates } from './tables.ts';

const E = DELEGATE_ENDPOINTS;

/** Sweep data: a delegation whose description carries the marker, to the seeded second user. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'DelegateSweepMarker';
  const { publicKey } = ((await owner.get('/api/macro-auth/oauth/public-key')).json() as { data: { publicKey: string } }).data;
  const secret = encryptPassword(publicKey, 'Sweep@123456');
  const created = await owner.post('/api/macro-user/submit', { account: 'delegate_sweep', name: 'Delegate sweep', password: secret, password2: secret });
  if (created.statusCode !== 200) throw new Error(`delegates sweep fixture: ${created.body}`);
  const someone = (created.json() as { data: { id: number } }).data;
  const body = { startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-01-31T00:00:00.000Z', entrustedUserId: someone.id, description: marker };
  const response = await owner.post(`/api${E.create.path}`, body);
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id) },
    body: { ...body, description: 'stolen' },
    snapshot: async () => (await owner.get(`/api${E.page.path}?size=500`)).body,
  };
}

export const module = defineModule({
  name: 'delegates',
  uses: ['auth', 'users'],
  after: ['users'],
  tables: [delegates],
  routes: () => [
    route(E.page, ({ query }, { tx, auth }) => listDelegates(tx, auth!.userId, query)),
    route(E.create, ({ body }, ctx) => createDelegate(ctx, ctx.auth!.userId, body)),
    route(E.update, ({ params, body }, ctx) => updateDelegate(ctx, ctx.auth!.userId, params.id, body)),
    route(E.remove, async ({ params }, ctx) => ({ removed: await removeDelegate(ctx, ctx.auth!.userId, params.id) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.workflow,
      code: DELEGATE_PERMISSIONS.view,
      name: '流程委托',
      path: '/workflow/delegates',
      source: 'ScheduleOutlined',
      i18n: 'delegates',
      sort: 21,
      children: [
        { code: DELEGATE_PERMISSIONS.add, name: '新增', category: 2, i18n: 'add' },
        { code: DELEGATE_PERMISSIONS.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: DELEGATE_PERMISSIONS.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  sweep: sweepFixture,
});
