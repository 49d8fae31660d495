import { MENU_ENDPOINTS } from '@macro/contract/menus';
import { defineModule, route } from '../../platform/module.ts';
import { apiScopeCodes } from '../scopes/grants.ts';
import { roleIdsOf } from '../users/service.ts';
import { menuRoutes, permissionCodes, upsertMenus } from './service.ts';
import { menus, roleMenus } from './tables.ts';

/** Folders of the sidebar that domains put their screens under. */
export const MENU_FOLDERS = { system: 'system' } as const;

export const module = defineModule({
  name: 'menus',
  tables: [menus, roleMenus],
  menus: [{ code: MENU_FOLDERS.system, name: '系统管理', path: '/controller', source: 'SettingOutlined', i18n: 'system', sort: 1 }],
  // Every module's menus and buttons, gathered into the platform's menu table at each start.
  seed: ({ db, modules }) => upsertMenus(db, modules.flatMap((m) => m.menus ?? [])),
  routes: () => [
    route(MENU_ENDPOINTS.routes, async (_, { tx, auth }) => menuRoutes(tx, await roleIdsOf(tx, auth!.userId))),
    route(MENU_ENDPOINTS.permissions, async (_, { tx, auth }) => {
      const roleIds = await roleIdsOf(tx, auth!.userId);
      // Codes held through API scopes count too: the console shows what the server lets through.
      return [...new Set([...(await permissionCodes(tx, roleIds)), ...(await apiScopeCodes(tx, roleIds))])];
    }),
  ],
});
