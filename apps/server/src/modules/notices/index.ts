import { NOTICE_CATEGORY, NOTICE_ENDPOINTS as E, NOTICE_PERMISSIONS as P } from '@macro/contract/notices';
import { defineModule, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import {
  createNotice,
  inboxPage,
  noticePage,
  openInboxItem,
  provisionDemoNotices,
  publishNotice,
  readAll,
  readOne,
  removeNotice,
  unreadCounts,
  updateNotice,
} from './service.ts';
import { deliverDue, preferencesOf, sendersOf, setPreferences } from './delivery.ts';
import { noticeDeliveries, noticePrefs, noticeReads, notices } from './tables.ts';

export { sendSystemMessages } from './service.ts';
export { deliverDue, type Mailer, sendersOf, smtpMailer } from './delivery.ts';

/** Sweep data: a published notice for the whole tenant, its title the marker. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'NoticeSweepMarker';
  const response = await owner.post(`/api${E.create.path}`, { category: NOTICE_CATEGORY.notice, title: marker, content: marker, publish: true });
  if (response.statusCode !== 200) throw new Error(`notices sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), title: marker, category: String(NOTICE_CATEGORY.notice) },
    body: { id, category: NOTICE_CATEGORY.notice, title: 'stolen', content: 'stolen', publish: true },
    snapshot: async () => (await owner.get(`/api${E.page.path}?title=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'notices',
  uses: ['directory', 'identity', 'users'],
  after: ['users', 'menus'],
  tables: [notices, noticeReads, noticePrefs, noticeDeliveries],
  routes: ({ config }) => [
    route(E.page, ({ query }, { tx }) => noticePage(tx, query)),
    route(E.create, ({ body }, ctx) => createNotice(ctx, body)),
    route(E.update, ({ params, body }, ctx) => updateNotice(ctx, params.id, body)),
    route(E.publish, ({ params }, ctx) => publishNotice(ctx, params.id)),
    route(E.remove, async ({ params }, ctx) => ({ removed: await removeNotice(ctx, params.id) })),
    route(E.inbox, ({ query }, { tx, auth, request }) => inboxPage(tx, auth!.userId, request.language, query)),
    route(E.unread, (_, { tx, auth }) => unreadCounts(tx, auth!.userId)),
    route(E.open, ({ params }, { tx, auth, request }) => openInboxItem(tx, auth!.userId, params.id, request.language)),
    route(E.read, ({ params }, { tx, auth }) => readOne(tx, auth!.userId, params.id)),
    route(E.readAll, ({ body }, { tx, auth }) => readAll(tx, auth!.userId, body.category)),
    route(E.preferences, (_, { tx, auth }) => preferencesOf(tx, auth!.userId, config)),
    route(E.setPreferences, ({ body }, { tx, auth, request }) => setPreferences(tx, auth!.userId, config, body, request.language)),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '通知公告',
      path: '/controller/notices',
      source: 'NotificationOutlined',
      i18n: 'notices',
      sort: 90,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.publish, name: '发布', category: 2, i18n: 'publish' },
      ],
    },
  ],
  provision: (ctx) => provisionDemoNotices(ctx),
  background: ({ db, config }) => {
    // The outbox is read as the owner across tenants; each delivery is sent and marked in its tenant.
    const senders = sendersOf(config);
    if (!Object.keys(senders).length) return undefined;
    let running = false;
    const timer = setInterval(
      () => {
        if (running) return;
        running = true;
        deliverDue(db, senders, { publicUrl: config.mail?.publicUrl })
          .catch((error: unknown) => console.error('notice deliveries:', error))
          .finally(() => {
            running = false;
          });
      },
      (config.mail?.seconds ?? 5) * 1000,
    );
    timer.unref();
    return () => {
      clearInterval(timer);
      senders.email?.close();
    };
  },
  sweep: sweepFixture,
});
