/**
 * Codes of the OAuth client screen and its buttons. Clients are platform-wide: the codes are
 * honoured only for administrators of the platform tenant.
 */
export const OAUTH_CLIENT_PERMISSIONS = {
  view: 'oauth-client:view',
  add: 'oauth-client:add',
  edit: 'oauth-client:edit',
  delete: 'oauth-client:delete',
  secret: 'oauth-client:secret',
} as const;
