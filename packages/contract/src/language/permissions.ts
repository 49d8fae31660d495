/** Codes of the language-pack screen and its buttons. */
export const LANGUAGE_PERMISSIONS = {
  view: 'language:view',
  add: 'language:add',
  edit: 'language:edit',
  delete: 'language:delete',
} as const;
