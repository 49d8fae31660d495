/** Codes of the data-scope screen (/controller/authorityData) and its buttons. */
export const DATA_SCOPE_PERMISSIONS = {
  view: 'data-scope:view',
  add: 'data-scope:add',
  edit: 'data-scope:edit',
  delete: 'data-scope:delete',
} as const;

/** Codes of the API-scope screen (/controller/authorityApi) and its buttons. */
export const API_SCOPE_PERMISSIONS = {
  view: 'api-scope:view',
  add: 'api-scope:add',
  edit: 'api-scope:edit',
  delete: 'api-scope:delete',
} as const;
