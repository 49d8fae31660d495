/** Codes of the database links screen and its buttons. */
export const DATABASE_LINK_PERMISSIONS = {
  view: 'databaseLink:view',
  add: 'databaseLink:add',
  edit: 'databaseLink:edit',
  delete: 'databaseLink:delete',
  /** Connect: test a link, browse its tables, columns and rows. */
  browse: 'databaseLink:browse',
  /** Design tables (drafts, reusable columns) and release them: the one code that writes to a linked database. */
  design: 'databaseLink:design',
} as const;
