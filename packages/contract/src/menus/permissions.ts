/** Codes of the menu screen (菜单管理) and its buttons. */
export const MENU_PERMISSIONS = {
  view: 'menu:view',
  add: 'menu:add',
  edit: 'menu:edit',
  delete: 'menu:delete',
} as const;

/** The two top-level menu folders every module's pages hang under (their codes). */
export const MENU_FOLDERS = { system: 'system', workflow: 'workflow', data: 'data' } as const;
