import { PARAM_ENDPOINTS as E, PARAM_PERMISSIONS as P } from '@macro/contract/params';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { listParams, paramDetail, removeParams, saveParam } from './service.ts';
import { params } from './tables.ts';

export { paramAccessors, paramValue } from './service.ts';

/** Sweep data: a parameter named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'ParamSweepMarker';
  const response = await owner.post(`/api${E.create.path}`, { paramName: marker, paramKey: marker, paramValue: marker });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), paramName: marker, paramKey: marker },
    body: { paramName: 'stolen', paramKey: 'stolen', paramValue: 'stolen' },
    snapshot: async () => (await owner.get(`/api${E.page.path}?paramKey=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'params',
  tables: [params],
  routes: () => [
    route(E.page, ({ query }, { tx }) => listParams(tx, query)),
    route(E.detail, ({ params: p }, { tx }) => paramDetail(tx, p.id)),
    route(E.create, ({ body }, ctx) => saveParam(ctx, body)),
    route(E.update, ({ params: p, body }, ctx) => saveParam(ctx, body, p.id)),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removeParams(ctx, query.ids) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '参数管理',
      path: '/controller/params',
      source: 'ControlOutlined',
      i18n: 'params',
      sort: 50,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_param_key', message: 'params.keyExists', params: { key: 'paramKey' } }],
  sweep: sweepFixture,
});
