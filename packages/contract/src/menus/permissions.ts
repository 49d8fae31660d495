/** Codes of the menu screen (菜单管理) and its buttons. */
export const MENU_PERMISSIONS = {
  view: 'menu:view',
  add: 'menu:add',
  edit: 'menu:edit',
  delete: 'menu:delete',
} as const;
