import { CONSUMER_ENDPOINTS as E, CONSUMER_PERMISSIONS as P } from '@macro/contract/consumers';
import { defineModule, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { consumerDetail, listConsumers, removeConsumers, setConsumerStatus, submitConsumer } from './service.ts';
import { consumers } from './tables.ts';

/** Sweep data: a consumer named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'ConsumerSweepMarker';
  const response = await owner.post(`/api${E.submit.path}`, { account: 'consumer_sweep', name: marker, mobile: '13900000001', remark: marker });
  if (response.statusCode !== 200) throw new Error(`consumers sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), account: 'consumer_sweep', name: marker, mobile: '13900000001' },
    // Points at the owner's consumer without carrying the marker: a create call echoes what it is given.
    body: { id, ids: [id], status: 0, account: 'stolen', name: 'stolen' },
    snapshot: async () => (await owner.get(`/api${E.detail.path}?id=${id}`)).body,
  };
}

export const module = defineModule({
  name: 'consumers',
  after: ['menus'],
  tables: [consumers],
  routes: () => [
    route(E.page, ({ query }, { tx }) => listConsumers(tx, query)),
    route(E.detail, ({ query }, { tx }) => consumerDetail(tx, query.id)),
    route(E.submit, ({ body }, ctx) => submitConsumer(ctx, body)),
    route(E.status, async ({ body }, ctx) => ({ changed: await setConsumerStatus(ctx, body.ids, body.status) })),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removeConsumers(ctx, query.ids) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '消费者用户',
      path: '/controller/consumerManage',
      source: 'ShoppingOutlined',
      i18n: 'consumerManage',
      sort: 11,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.status, name: '启用停用', category: 2, i18n: 'userStatus' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_consumer_account', message: 'consumers.accountExists', params: { account: 'account' } },
    { constraint: 'macro_consumer_mobile', message: 'consumers.mobileExists', params: { mobile: 'mobile' } },
  ],
  sweep: sweepFixture,
});
