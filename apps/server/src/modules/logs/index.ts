import { LOG_ENDPOINTS, LOG_PERMISSIONS as P } from '@macro/contract/logs';
import { defineModule, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { localFileStore } from '../files/public.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { bufferedRequestLog } from './requestLog.ts';
import { clearLogs, createFeedback, feedbackImage, listFeedback, listLogs, removeLog, uploadErrors } from './service.ts';
import { apiLogs, errorLogs, feedback } from './tables.ts';

const E = LOG_ENDPOINTS;

export const LOG_MENU_PATH = '/controller/log';
export const FEEDBACK_MENU_PATH = '/controller/feedback';

/** Sweep data: an uploaded error and a feedback whose texts carry the marker. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'LogSweepMarker';
  const uploaded = await owner.post(`/api${E.upload.path}`, {
    logs: [{ type: 'error', message: marker, stack: marker, info: '', url: '/sweep', time: new Date().toISOString() }],
  });
  if (uploaded.statusCode !== 200) throw new Error(`logs sweep fixture: ${uploaded.body}`);
  const sent = await owner.post(`/api${E.feedback.path}`, { text: marker });
  if (sent.statusCode !== 200) throw new Error(`logs sweep fixture: ${sent.body}`);
  const feedbackId = (sent.json() as { data: { id: number } }).data.id;
  const page = (await owner.get(`/api${E.page.path}?type=error&keyword=${marker}`)).json() as { data: { records: { id: number }[] } };
  const errorId = page.data.records[0].id;
  return {
    marker,
    query: { id: String(errorId), type: 'error', keyword: marker, account: 'admin' },
    body: { id: feedbackId },
    snapshot: async () =>
      [(await owner.get(`/api${E.page.path}?type=error&keyword=${marker}`)).body, (await owner.get(`/api${E.feedbackPage.path}?keyword=${marker}`)).body].join(
        '\n',
      ),
  };
}

export const module = defineModule({
  name: 'logs',
  uses: ['files'],
  after: ['users', 'files', 'audit'],
  tables: [errorLogs, apiLogs, feedback],
  routes: ({ config }) => {
    const store = localFileStore(config.filesDir);
    return [
      route(E.page, ({ query }, { tx }) => listLogs(tx, query)),
      route(E.upload, ({ body }, ctx) => uploadErrors(ctx, body)),
      route(E.clear, ({ params }, ctx) => clearLogs(ctx, params.type)),
      route(E.remove, ({ params, query }, ctx) => removeLog(ctx, query.type, params.id)),
      route(E.feedback, ({ body }, ctx) => createFeedback(ctx, store, body)),
      route(E.feedbackPage, ({ query }, { tx }) => listFeedback(tx, query)),
      route(E.feedbackImage, ({ params }, { tx }) => feedbackImage(tx, store, params.id)),
    ];
  },
  requestLog: ({ db }) => bufferedRequestLog(db),
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '日志管理',
      path: LOG_MENU_PATH,
      source: 'FileTextOutlined',
      i18n: 'logs',
      sort: 80,
      children: [
        { code: P.clear, name: '清空', category: 2, i18n: 'logClear' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
    { parent: MENU_FOLDERS.system, code: P.feedback, name: '意见反馈', path: FEEDBACK_MENU_PATH, source: 'MessageOutlined', i18n: 'feedback', sort: 81 },
  ],
  sweep: sweepFixture,
});
