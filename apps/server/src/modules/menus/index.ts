import { MENU_ENDPOINTS as E, MENU_PERMISSIONS as P, MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, route, type SweepClient, type SweepFixture } from '../../platform/module.ts';
import { menuAdmin } from './admin.ts';
import { upsertMenus } from './seed.ts';
import { menuSeeds, menus, roleMenus } from './tables.ts';

/** Folders of the sidebar that domains put their screens under. */
/**
 * Sweep data: a menu with a button under it, made by the platform's administrator. Menus are
 * platform-wide (every tenant's grant tree names them), so the marker sits in what only the
 * menu screen shows: the remark and the alias.
 */
async function sweepFixture(owner: SweepClient): Promise<SweepFixture> {
  const marker = 'MenuSweepMarker';
  const submit = async (body: object) => {
    const response = await owner.post('/api/macro-system/menu/submit', body);
    if (response.statusCode !== 200) throw new Error(`menus sweep fixture: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const parent = await submit({ name: 'Sweep menu', code: 'sweep:menu', path: '/sweep/menu', alias: marker, remark: marker });
  const button = await submit({ parentId: parent, name: 'Sweep button', code: 'sweep:button', category: 2, remark: marker });
  return {
    marker,
    query: { id: String(button), ids: `${parent},${button}`, parentId: String(parent), alias: marker },
    body: { id: button, parentId: parent, name: 'stolen', code: 'stolen:code', category: 1 },
    snapshot: async () =>
      [(await owner.get(`/api/macro-system/menu/detail?id=${parent}`)).body, (await owner.get(`/api/macro-system/menu/detail?id=${button}`)).body].join('\n'),
  };
}

export const module = defineModule({
  name: 'menus',
  uses: ['identity'],
  tables: [menus, roleMenus, menuSeeds],
  menus: [
    { code: MENU_FOLDERS.system, name: '系统管理', path: '/controller', source: 'SettingOutlined', i18n: 'system', sort: 1 },
    { code: MENU_FOLDERS.workflow, name: '流程中心', path: '/workflow', source: 'ApartmentOutlined', i18n: 'workflow', sort: 2 },
    { code: MENU_FOLDERS.data, name: '数据中心', path: '/data', source: 'DatabaseOutlined', i18n: 'data', sort: 3 },
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '菜单管理',
      path: '/controller/menusetting',
      source: 'MenuOutlined',
      i18n: 'menusetting',
      sort: 2,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  // Every module's menus and buttons, reconciled with the platform's menu table at each start.
  seed: ({ db, modules }) =>
    upsertMenus(
      db,
      modules.flatMap((m) => m.menus ?? []),
    ),
  routes: (deps) => {
    const admin = menuAdmin(deps);
    return [
      route(E.list, ({ query }, ctx) => admin.list(ctx, query, false)),
      route(E.menuList, ({ query }, ctx) => admin.list(ctx, query, true)),
      route(E.lazyList, ({ query }, ctx) => admin.lazyList(ctx, query, false)),
      route(E.lazyMenuList, ({ query }, ctx) => admin.lazyList(ctx, query, true)),
      route(E.tree, (_, ctx) => admin.tree(ctx)),
      route(E.detail, ({ query }, ctx) => admin.detail(ctx, query.id)),
      route(E.submit, ({ body }, ctx) => admin.submit(ctx, body)),
      route(E.remove, ({ query }, ctx) => admin.remove(ctx, query.ids)),
    ];
  },
  uniqueMessages: [{ constraint: 'macro_menu_code_unique', message: 'menus.codeExists', params: { code: 'code' } }],
  sweep: sweepFixture,
});
