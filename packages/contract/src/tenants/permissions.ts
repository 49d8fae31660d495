/**
 * Codes of the tenant screen and its buttons. They are honoured only for administrators of the
 * platform tenant: a tenant's own administrator never manages other tenants.
 */
export const TENANT_PERMISSIONS = {
  view: 'tenant:view',
  add: 'tenant:add',
  edit: 'tenant:edit',
  delete: 'tenant:delete',
  status: 'tenant:status',
  users: 'tenant:users',
} as const;

/** Codes of the tenant package screen; platform tenant only, like the tenant codes. */
export const TENANT_PACKAGE_PERMISSIONS = {
  view: 'tenant-package:view',
  add: 'tenant-package:add',
  edit: 'tenant-package:edit',
  delete: 'tenant-package:delete',
} as const;
