/** Codes of the dictionary screen and its buttons; both families share them. */
export const DICT_PERMISSIONS = {
  view: 'dict:view',
  add: 'dict:add',
  edit: 'dict:edit',
  delete: 'dict:delete',
  /** The data-items screen (the same dictionaries; its calls need dict:view). */
  items: 'dict:items',
} as const;
