import { DESKTOP_ENDPOINTS as E, DESKTOP_PERMISSIONS as P, VISUAL_ENDPOINTS as V } from '@macro/contract/desktop';
import { defineModule, type RouteCtx, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import {
  chooseHome,
  copyScheme,
  createScheme,
  currentHome,
  homeChoices,
  listSchemes,
  provisionDemoDesktop,
  relate,
  relationsOf,
  releasedHomes,
  removeScheme,
  schemeContent,
  schemeDetail,
  schemeHistory,
  setDefault,
  setNewVersion,
  unrelate,
  updateScheme,
} from './service.ts';
import { desktopSchemes, desktopSchemeVersions, visualHomes, visualRelations } from './tables.ts';

/** The menu path of the desktop schemes screen. */
export const DESKTOP_MENU_PATH = '/controller/desktop';

const me = (ctx: RouteCtx) => ctx.auth!.userId;

/** Sweep data: a scheme offered to the owner's administrator, whose name and widget title carry the marker. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'DesktopSweepMarker';
  const content = { widgets: [{ i: 'a', type: 'frame', title: marker, x: 0, y: 0, w: 6, h: 4, url: 'https://example.com/' }] };
  const response = await owner.post(`/api${E.create.path}`, { code: marker, name: marker, content });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  const related = await owner.post(`/api${V.relate.path}`, { visualId: id, objectType: 'user', objectIds: [1] });
  if (related.statusCode !== 200) throw new Error(`sweep fixture: ${related.body}`);
  const relationId = (related.json() as { data: { id: number }[] }).data[0].id;
  return {
    marker,
    query: { id: String(id), visualId: String(id), schemeId: String(id), ids: String(relationId), objectType: 'user', keyword: marker },
    body: { id, schemeId: id, visualId: id, version: 1, objectType: 'user', objectIds: [1] },
    snapshot: async () =>
      (await owner.get(`/api${E.detail.path.replace(':id', String(id))}`)).body + (await owner.get(`/api/visual-relation/${id}/obj/user`)).body,
  };
}

export const module = defineModule({
  name: 'desktop',
  uses: ['identity', 'org', 'posts', 'users'],
  after: ['users', 'roles', 'posts', 'org'],
  tables: [desktopSchemes, desktopSchemeVersions, visualRelations, visualHomes],
  routes: () => [
    route(E.list, ({ query }, { tx }) => listSchemes(tx, query)),
    route(E.detail, ({ params: p }, { tx }) => schemeDetail(tx, p.id)),
    route(E.content, ({ params: p, query }, { tx }) => schemeContent(tx, p.id, query.version)),
    route(E.create, ({ body }, ctx) => createScheme(ctx, body)),
    route(E.update, ({ body: { id, ...input } }, ctx) => updateScheme(ctx, id, input)),
    route(E.remove, async ({ params: p }, ctx) => ({ removed: await removeScheme(ctx, p.id) })),
    route(E.copy, ({ body }, ctx) => copyScheme(ctx, body.id)),
    route(E.setDefault, ({ body }, ctx) => setDefault(ctx, body.id)),
    route(E.history, ({ query }, { tx }) => schemeHistory(tx, query.schemeId)),
    route(E.setNew, ({ body }, ctx) => setNewVersion(ctx, body.schemeId, body.version)),
    route(V.choices, ({ query }, ctx) => homeChoices(ctx.tx, me(ctx), query)),
    route(V.released, ({ query }, { tx }) => releasedHomes(tx, query.keyword)),
    route(V.relate, ({ body }, ctx) => relate(ctx, body)),
    route(V.unrelate, async ({ query }, ctx) => ({ removed: await unrelate(ctx, query.ids) })),
    route(V.relations, ({ params: p }, { tx }) => relationsOf(tx, p.visualId, p.objectType)),
    route(V.choose, ({ params: p, query }, ctx) => chooseHome(ctx, me(ctx), p.id, query.systemId)),
    route(V.current, ({ query }, ctx) => currentHome(ctx.tx, me(ctx), query.systemId)),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '首页设计',
      path: DESKTOP_MENU_PATH,
      source: 'AppstoreOutlined',
      i18n: 'desktop',
      sort: 52,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_desktop_scheme_code', message: 'desktop.codeExists', params: { code: 'code' } }],
  provision: (ctx) => provisionDemoDesktop(ctx),
  sweep: sweepFixture,
});
