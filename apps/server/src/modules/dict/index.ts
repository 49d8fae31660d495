import { DICT_ENDPOINTS, DICT_KINDS, DICT_PERMISSIONS, DICT_ROOT, type DictKind } from '@macro/contract/dict';
import type { Ctx } from '@macro/store';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { dictDetail, dictionaryExists, dictionaryOptions, dictTree, listChildren, listDicts, listParents, removeDicts, submitDict } from './service.ts';
import { dataItemRoutes } from './dataItems.ts';
import { STARTER_DICTIONARIES } from './starter.ts';
import { dicts } from './tables.ts';

function familyRoutes(kind: DictKind) {
  const e = DICT_ENDPOINTS[kind];
  return [
    route(e.list, ({ query }, { tx }) => listDicts(tx, kind, query)),
    route(e.parentList, ({ query }, { tx }) => listParents(tx, kind, query)),
    route(e.childList, ({ query }, { tx }) => listChildren(tx, kind, query)),
    route(e.detail, ({ query }, { tx }) => dictDetail(tx, kind, query.id)),
    route(e.tree, ({ query }, { tx }) => dictTree(tx, kind, query.code)),
    route(e.dictionary, ({ query }, { tx }) => dictionaryOptions(tx, kind, query.code)),
    route(e.submit, ({ body }, ctx) => submitDict(ctx, kind, body)),
    route(e.remove, async ({ query }, ctx) => ({ removed: await removeDicts(ctx, kind, query.ids) })),
  ];
}

async function provisionStarterDictionaries(ctx: Ctx): Promise<void> {
  for (const [index, dictionary] of STARTER_DICTIONARIES.entries()) {
    if (await dictionaryExists(ctx.tx, 'system', dictionary.code)) continue;
    const common = { code: dictionary.code, isSealed: 0 as const, remark: '' };
    const top = await submitDict(ctx, 'system', { ...common, parentId: DICT_ROOT, dictKey: '-1', dictValue: dictionary.name, sort: index + 1 });
    for (const [i, name] of dictionary.entries.entries()) {
      await submitDict(ctx, 'system', { ...common, parentId: top.id, dictKey: String(i + 1), dictValue: name, sort: i + 1 });
    }
  }
}

/** Sweep data: a dictionary with an entry in each family, named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'DictSweepMarker';
  const submit = async (base: string, body: object) => {
    const response = await owner.post(`/api${base}/submit`, body);
    if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const system = DICT_ENDPOINTS.system.submit.path.replace('/submit', '');
  const biz = DICT_ENDPOINTS.biz.submit.path.replace('/submit', '');
  const parent = await submit(system, { code: marker, dictKey: '-1', dictValue: marker });
  const child = await submit(system, { parentId: parent, code: marker, dictKey: 'k', dictValue: `${marker} child` });
  const bizParent = await submit(biz, { code: marker, dictKey: '-1', dictValue: marker });
  return {
    marker,
    query: { id: String(parent), parentId: String(parent), ids: [parent, child, bizParent].join(','), code: marker, dictValue: marker },
    // Never the marker: a create call (data items take no id) rightly makes the intruder's own row.
    body: { id: child, parentId: parent, code: 'SweepStolenCode', dictKey: 'k', dictValue: 'stolen' },
    snapshot: async () =>
      [
        (await owner.get(`/api${system}/child-list?parentId=${parent}&size=500`)).body,
        (await owner.get(`/api${system}/detail?id=${parent}`)).body,
        (await owner.get(`/api${biz}/detail?id=${bizParent}`)).body,
      ].join('\n'),
  };
}

export const module = defineModule({
  name: 'dict',
  after: ['users'],
  tables: [dicts],
  routes: () => [...DICT_KINDS.flatMap(familyRoutes), ...dataItemRoutes()],
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: DICT_PERMISSIONS.view,
      name: '字典管理',
      path: '/controller/dictionaries',
      source: 'BookOutlined',
      i18n: 'dictionaries',
      children: [
        { code: DICT_PERMISSIONS.add, name: '新增', category: 2, i18n: 'add' },
        { code: DICT_PERMISSIONS.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: DICT_PERMISSIONS.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
    // The same dictionaries through the data-item calls; their buttons are the dictionary's own codes.
    {
      parent: MENU_FOLDERS.system,
      code: DICT_PERMISSIONS.items,
      name: '数据项',
      path: '/controller/data-items',
      source: 'DatabaseOutlined',
      i18n: 'dataItems',
      sort: 49,
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_dict_parent_code', message: 'dict.codeExists', params: { code: 'code' } },
    { constraint: 'macro_dict_sibling_key', message: 'dict.keyExists', params: { key: 'dictKey' } },
  ],
  provision: provisionStarterDictionaries,
  sweep: sweepFixture,
});
