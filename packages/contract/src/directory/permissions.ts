/** Codes of the directory sync screen and its buttons. */
export const DIRECTORY_PERMISSIONS = {
  view: 'directory:view',
  edit: 'directory:edit',
  sync: 'directory:sync',
} as const;
