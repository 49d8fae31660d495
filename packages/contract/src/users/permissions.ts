/** Codes of the user screen and its buttons; both call families share them. */
export const USER_PERMISSIONS = {
  view: 'user:view',
  add: 'user:add',
  edit: 'user:edit',
  delete: 'user:delete',
  /** Grant roles to users. */
  grant: 'user:grant',
  /** Enable or disable a user. */
  status: 'user:status',
  /** Set a user's password. */
  password: 'user:password',
  /** Grant users of the platform tenant the groups (tenants) they look after. */
  groups: 'user:groups',
} as const;
