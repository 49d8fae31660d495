import { STAMP_CATEGORY, STAMP_ENDPOINTS, STAMP_PERMISSIONS } from '@macro/contract/stamps';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { encryptPassword, loadPasswordDecryptor } from '../auth/public.ts';
import { localFileStore } from '../files/public.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import {
  createStamp,
  listStamps,
  removeStamp,
  setDefaultStamp,
  setStampEnabled,
  setStampPeople,
  stampImage,
  stampImageBytes,
  stampPasswordOf,
  stampPeople,
  updateStamp,
  usableStamps,
  verifyStampPassword,
} from './service.ts';
import { stampUsers, stamps } from './tables.ts';

const E = STAMP_ENDPOINTS;

/** The smallest PNG there is (1×1), for fixtures. */
export const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Sweep data: a public stamp named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'StampSweepMarker';
  const { publicKey } = ((await owner.get('/api/macro-auth/oauth/public-key')).json() as { data: { publicKey: string } }).data;
  const password = encryptPassword(publicKey, 'secret1');
  const response = await owner.post(`/api${E.create.path}`, { stampName: marker, category: STAMP_CATEGORY.public, password, image: TINY_PNG });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), stampName: marker },
    body: { id, userIds: [1], password, stampName: 'stolen', category: STAMP_CATEGORY.public },
    snapshot: async () => (await owner.get(`/api${E.page.path}?stampName=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'stamps',
  uses: ['auth', 'files', 'identity', 'users'],
  after: ['users', 'files'],
  tables: [stamps, stampUsers],
  routes: async ({ config, db }) => {
    const store = localFileStore(config.filesDir);
    const decrypt = await loadPasswordDecryptor(db);
    return [
      route(E.page, ({ query }, { tx }) => listStamps(tx, query)),
      route(E.create, ({ body }, ctx) => createStamp(ctx, store, { ...body, password: stampPasswordOf(decrypt, body.password) })),
      route(E.usable, (_, { tx, auth }) => usableStamps(tx, auth!.userId)),
      route(E.image, ({ query }, { tx }) => stampImage(tx, store, query.id)),
      route(E.imageFile, async ({ params }, { tx, reply }) => {
        const { file, bytes } = await stampImageBytes(tx, store, params.id);
        // Only the stored types (never SVG) are served, as what they are, never sniffed into another.
        reply
          .type(file.mimeType)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache');
        return reply.send(bytes) as never;
      }),
      route(E.update, ({ params, body }, ctx) =>
        updateStamp(ctx, store, params.id, { ...body, password: body.password ? stampPasswordOf(decrypt, body.password) : undefined }),
      ),
      route(E.enable, ({ params }, ctx) => setStampEnabled(ctx, params.id, true)),
      route(E.disable, ({ params }, ctx) => setStampEnabled(ctx, params.id, false)),
      route(E.setDefault, ({ params }, ctx) => setDefaultStamp(ctx, params.id)),
      route(E.members, ({ params }, { tx }) => stampPeople(tx, params.id, 'member')),
      route(E.setMembers, ({ params, body }, ctx) => setStampPeople(ctx, params.id, 'member', body.userIds)),
      route(E.setManager, ({ body }, ctx) => setStampPeople(ctx, body.id, 'maintainer', body.userIds)),
      route(E.maintainers, ({ params }, { tx }) => stampPeople(tx, params.id, 'maintainer')),
      route(E.setMaintainers, ({ params, body }, ctx) => setStampPeople(ctx, params.id, 'maintainer', body.userIds)),
      route(E.remove, async ({ params }, ctx) => ({ removed: await removeStamp(ctx, params.id) })),
      route(E.verifyPassword, ({ params, body }, { tx, auth }) => verifyStampPassword(tx, auth!.userId, params.id, stampPasswordOf(decrypt, body.password))),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.workflow,
      code: STAMP_PERMISSIONS.view,
      name: '签章管理',
      path: '/workflow/stamps',
      source: 'AuditOutlined',
      i18n: 'stamps',
      sort: 20,
      children: [
        { code: STAMP_PERMISSIONS.add, name: '新增', category: 2, i18n: 'add' },
        { code: STAMP_PERMISSIONS.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: STAMP_PERMISSIONS.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  sweep: sweepFixture,
});
