import { index, integer, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Roles of a tenant, as a tree (`parent_id` 0 at the top); the alias is unique in the tenant. */
export const roles = tenantTable(
  'macro_role',
  {
    id: idColumn(),
    parentId: integer('parent_id').notNull().default(0),
    roleName: text('role_name').notNull(),
    roleAlias: text('role_alias').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    unique('macro_role_tenant_alias').on(t.tenantId, t.roleAlias),
    // Lists are ordered by sort then id.
    index('macro_role_list').on(t.tenantId, t.sort, t.id),
    index('macro_role_parent').on(t.tenantId, t.parentId),
  ],
);
