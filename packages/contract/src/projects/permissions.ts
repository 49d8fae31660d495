/** Codes of the project and project-role screens and their buttons. */
export const PROJECT_PERMISSIONS = {
  view: 'project:view',
  add: 'project:add',
  edit: 'project:edit',
  delete: 'project:delete',
} as const;

export const PROJECT_ROLE_PERMISSIONS = {
  view: 'project-role:view',
  add: 'project-role:add',
  edit: 'project-role:edit',
  delete: 'project-role:delete',
} as const;
