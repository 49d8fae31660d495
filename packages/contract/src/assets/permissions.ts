/** Codes of the asset register and its buttons. */
export const ASSET_PERMISSIONS = {
  view: 'asset:view',
  add: 'asset:add',
  edit: 'asset:edit',
  /** Hand a draft over to the register: from then on it is read-only. */
  submit: 'asset:submit',
  delete: 'asset:delete',
} as const;
