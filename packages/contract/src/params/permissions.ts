/** Codes of the parameter screen and its buttons. */
export const PARAM_PERMISSIONS = {
  view: 'param:view',
  add: 'param:add',
  edit: 'param:edit',
  delete: 'param:delete',
} as const;
