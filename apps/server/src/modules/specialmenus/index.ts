import { SPECIAL_MENU_ENDPOINTS, SPECIAL_MENU_PERMISSIONS } from '@macro/contract/specialmenus';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { allSpecialMenus, listSpecialMenus, removeSpecialMenus, saveSpecialMenu, specialMenuDetail } from './service.ts';
import { specialMenus } from './tables.ts';

const E = SPECIAL_MENU_ENDPOINTS;

/** Sweep data: a special menu named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'SpecialMenuSweepMarker';
  const response = await owner.post(`/api${E.create.path}`, { menuName: marker, menuCode: marker, templateKey: marker });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), ids: String(id), menuName: marker, menuCode: marker },
    body: { menuName: 'stolen', menuCode: 'stolen', templateKey: 'stolen' },
    snapshot: async () => (await owner.get(`/api${E.page.path}?menuCode=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'specialmenus',
  tables: [specialMenus],
  routes: () => [
    route(E.page, ({ query }, { tx }) => listSpecialMenus(tx, query)),
    route(E.launchable, (_, { tx }) => allSpecialMenus(tx)),
    route(E.detail, ({ params }, { tx }) => specialMenuDetail(tx, params.id)),
    route(E.create, ({ body }, ctx) => saveSpecialMenu(ctx, body)),
    route(E.update, ({ params, body }, ctx) => saveSpecialMenu(ctx, body, params.id)),
    route(E.remove, async ({ query }, ctx) => ({ removed: await removeSpecialMenus(ctx, query.ids) })),
  ],
  menus: [
    {
      parent: MENU_FOLDERS.workflow,
      code: SPECIAL_MENU_PERMISSIONS.view,
      name: '特殊菜单',
      path: '/workflow/special-menus',
      source: 'ProfileOutlined',
      i18n: 'specialMenus',
      sort: 22,
      children: [
        { code: SPECIAL_MENU_PERMISSIONS.add, name: '新增', category: 2, i18n: 'add' },
        { code: SPECIAL_MENU_PERMISSIONS.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: SPECIAL_MENU_PERMISSIONS.delete, name: '删除', category: 2, i18n: 'delete' },
      ],
    },
  ],
  uniqueMessages: [{ constraint: 'macro_special_menu_code', message: 'specialmenus.codeExists', params: { code: 'menuCode' } }],
  sweep: sweepFixture,
});
