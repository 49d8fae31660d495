/**
 * Every permission code a route can declare. Menus and buttons carry these codes; roles grant
 * them; the server checks them before a handler runs and the console hides buttons with them.
 */
export const PERMISSIONS = {
  dictView: 'dict:view',
  dictAdd: 'dict:add',
  dictEdit: 'dict:edit',
  dictDelete: 'dict:delete',
} as const;
export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
