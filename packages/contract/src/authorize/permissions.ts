/**
 * Codes of data authorisation per menu (a role's or a user's data scopes, menu by menu) and of
 * the mobile app functions and their grants. The grant codes are buttons of the role screen;
 * the user screen offers the same actions to whoever holds them.
 */
export const AUTHORIZE_PERMISSIONS = {
  /** Read and set which data scopes of each menu a role or a user holds. */
  data: 'role:dataAuthorize',
  /** Read and set which mobile app functions a role or a user may open. */
  app: 'role:appAuthorize',
} as const;

/** Codes of the mobile app function screen (/controller/appFunction) and its buttons. */
export const APP_FUNC_PERMISSIONS = {
  view: 'app-func:view',
  add: 'app-func:add',
  edit: 'app-func:edit',
  delete: 'app-func:delete',
} as const;
