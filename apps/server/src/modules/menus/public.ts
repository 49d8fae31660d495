/** What other modules may use of menus: everything else in this folder is its own. */
export { menuAdmin } from './admin.ts';
export { existingMenuIds, grantedMenuIds, menuRows, menusOpenedBy, replaceGrants, restrictGrants } from './lookup.ts';
export { allMenuIds, grantMenus, menuRoutes, permissionCodes, rolesGrantCode, topMenus } from './service.ts';
export { menus, roleMenus } from './tables.ts';
