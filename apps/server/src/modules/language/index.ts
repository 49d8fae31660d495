import { LANGUAGE_ENDPOINTS as E, LANGUAGE_PERMISSIONS as P } from '@macro/contract/language';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { enabledTypes, listMaps, listMarks, listTypes, mapObject, markOf, provisionBuiltIns, removeMap, removeType, saveMap, saveType } from './service.ts';
import { languageMaps, languageTypes } from './tables.ts';

/** Sweep data: a language with a translation, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'LanguageSweepMarker';
  const typeCode = 'xsw';
  const made = await owner.post(`/api${E.createType.path}`, { code: typeCode, name: marker });
  if (made.statusCode !== 200) throw new Error(`sweep fixture: ${made.body}`);
  const id = (made.json() as { data: { id: number } }).data.id;
  const saved = await owner.call({ method: 'PATCH', url: `/api${E.save.path}`, payload: { typeCode, ns: 'menu', key: 'sweep', value: marker } });
  if (saved.statusCode !== 200) throw new Error(`sweep fixture: ${saved.body}`);
  const mapId = (saved.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(mapId), typeCode, ns: 'menu', key: 'sweep', code: typeCode, name: marker, value: marker },
    body: { code: typeCode, name: 'stolen', typeCode, ns: 'menu', key: 'sweep', value: 'stolen' },
    snapshot: async () =>
      [(await owner.get(`/api${E.typePage.path}?code=${typeCode}`)).body, (await owner.get(`/api${E.object.path}?typeCode=${typeCode}`)).body, String(id)].join(
        '\n',
      ),
  };
}

export const module = defineModule({
  name: 'language',
  tables: [languageTypes, languageMaps],
  routes: () => [
    route(E.typePage, ({ query }, { tx }) => listTypes(tx, query)),
    route(E.types, (_, { tx }) => enabledTypes(tx)),
    route(E.createType, ({ body }, ctx) => saveType(ctx, body)),
    route(E.updateType, ({ params, body }, ctx) => saveType(ctx, body, params.id)),
    route(E.removeType, async ({ params }, ctx) => ({ removed: await removeType(ctx, params.id) })),
    route(E.mapPage, ({ query }, { tx }) => listMaps(tx, query)),
    route(E.marks, ({ query }, { tx }) => listMarks(tx, query)),
    route(E.object, ({ query }, { tx }) => mapObject(tx, query.typeCode)),
    route(E.save, ({ body }, ctx) => saveMap(ctx, body)),
    route(E.objectOne, ({ params }, { tx }) => markOf(tx, params.id)),
    route(E.remove, async ({ params }, ctx) => ({ removed: await removeMap(ctx, params.id) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '语言包',
      path: '/controller/language',
      source: 'GlobalOutlined',
      i18n: 'languagePacks',
      sort: 51,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_language_type_code', message: 'language.codeExists', params: { code: 'code' } }],
  provision: provisionBuiltIns,
  sweep: sweepFixture,
});
