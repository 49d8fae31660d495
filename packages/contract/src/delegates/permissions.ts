/** Codes of the delegate screen and its buttons. */
export const DELEGATE_PERMISSIONS = {
  view: 'delegate:view',
  add: 'delegate:add',
  edit: 'delegate:edit',
  delete: 'delegate:delete',
} as const;
