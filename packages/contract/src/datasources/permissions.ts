/** Codes of the data sources screen and its buttons. */
export const DATA_SOURCE_PERMISSIONS = {
  view: 'dataSource:view',
  add: 'dataSource:add',
  edit: 'dataSource:edit',
  delete: 'dataSource:delete',
} as const;
