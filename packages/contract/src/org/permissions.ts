/** Codes of the organisation screen (companies and their departments) and its buttons. */
export const COMPANY_PERMISSIONS = {
  view: 'company:view',
  add: 'company:add',
  edit: 'company:edit',
  delete: 'company:delete',
} as const;

export const DEPT_PERMISSIONS = {
  view: 'dept:view',
  add: 'dept:add',
  edit: 'dept:edit',
  delete: 'dept:delete',
} as const;

/** Special posts: which posts play a special part in companies (F_Type 1) or departments (2). */
export const SPECIAL_POST_PERMISSIONS = {
  view: 'special-post:view',
  edit: 'special-post:edit',
} as const;
