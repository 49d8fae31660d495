/** Codes of the stamp screen and its buttons. */
export const STAMP_PERMISSIONS = {
  view: 'stamp:view',
  add: 'stamp:add',
  edit: 'stamp:edit',
  delete: 'stamp:delete',
} as const;
