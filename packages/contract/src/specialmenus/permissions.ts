/** Codes of the special-menu screen and its buttons. */
export const SPECIAL_MENU_PERMISSIONS = {
  view: 'specialmenu:view',
  add: 'specialmenu:add',
  edit: 'specialmenu:edit',
  delete: 'specialmenu:delete',
} as const;
