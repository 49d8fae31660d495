/** Codes of the desktop schemes screen (home pages) and its buttons. */
export const DESKTOP_PERMISSIONS = {
  view: 'desktop:view',
  add: 'desktop:add',
  edit: 'desktop:edit',
  delete: 'desktop:delete',
} as const;
