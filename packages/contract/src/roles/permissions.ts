/** Codes of the role screen and its buttons; both call families share them. */
export const ROLE_PERMISSIONS = {
  view: 'role:view',
  add: 'role:add',
  edit: 'role:edit',
  delete: 'role:delete',
  /** Choose which users hold a role. */
  users: 'role:users',
  /** Choose which menus and buttons a role grants. */
  grant: 'role:grant',
} as const;
