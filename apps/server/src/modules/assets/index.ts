import { ASSET_ENDPOINTS as E, ASSET_PERMISSIONS as P } from '@macro/contract/assets';
import { assertWrittenInScope } from '../../platform/dataScope.ts';
import { defineModule, type RouteCtx, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { assetDetail, listAssets, removeAssets, saveAsset, submitAsset } from './service.ts';
import { ASSET_DATA, assets } from './tables.ts';

/** Sweep data: a draft asset named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'AssetSweepMarker';
  const response = await owner.post(`/api${E.save.path}`, { assetCode: marker, assetName: marker, quantity: 1, unitPrice: 1 });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), assetCode: marker, assetName: marker },
    body: { id, assetCode: 'stolen', assetName: 'stolen', quantity: 1, unitPrice: 1 },
    snapshot: async () => (await owner.get(`/api${E.list.path}?assetCode=${marker}`)).body,
  };
}

const scoped = { dataResources: [ASSET_DATA] } as const;

/** The write, then the asset as written judged against the caller's scope (403 and rolled back outside it), then its detail. */
async function written(ctx: RouteCtx, writing: (scope: Awaited<ReturnType<RouteCtx['dataScope']>>) => Promise<number>) {
  const id = await writing(await ctx.dataScope(ASSET_DATA));
  const scope = await ctx.dataScope.fresh(ASSET_DATA);
  await assertWrittenInScope(ctx.tx, assets, id, scope);
  return assetDetail(ctx.tx, id, scope);
}

export const module = defineModule({
  name: 'assets',
  uses: ['org', 'users'],
  after: ['org', 'users'],
  tables: [assets],
  routes: () => [
    route(E.list, async ({ query }, { tx, dataScope }) => listAssets(tx, query, await dataScope(ASSET_DATA)), scoped),
    route(E.detail, async ({ query }, { tx, dataScope }) => assetDetail(tx, query.id, await dataScope(ASSET_DATA)), scoped),
    route(E.save, ({ body }, ctx) => written(ctx, (scope) => saveAsset(ctx, body, scope)), scoped),
    route(E.submit, ({ body }, ctx) => written(ctx, (scope) => submitAsset(ctx, body, scope)), scoped),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removeAssets(ctx, query.ids, await ctx.dataScope(ASSET_DATA)) }), scoped),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '资产管理',
      path: '/controller/assets',
      source: 'DatabaseOutlined',
      i18n: 'assets',
      sort: 60,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.submit, name: '提交', category: 2, i18n: 'submit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_asset_code', message: 'assets.codeExists', params: { code: 'assetCode' } }],
  sweep: sweepFixture,
});
