/** Codes of the post screen and its buttons. */
export const POST_PERMISSIONS = {
  view: 'post:view',
  add: 'post:add',
  edit: 'post:edit',
  delete: 'post:delete',
} as const;
