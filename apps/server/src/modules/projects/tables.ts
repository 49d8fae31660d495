import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const projects = tenantTable(
  'macro_project',
  {
    id: idColumn(),
    projectName: text('project_name').notNull(),
    projectCode: text('project_code').notNull(),
    manager: text('manager').notNull().default(''),
    startDate: text('start_date').notNull().default(''),
    endDate: text('end_date').notNull().default(''),
    /** 1 running, 0 closed. */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_project_code').on(t.tenantId, t.projectCode), index('macro_project_list').on(t.tenantId, t.sort, t.id)],
);

/** Roles inside a project (a project's own role set, apart from the tenant's roles). */
export const projectRoles = tenantTable(
  'macro_project_role',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    roleName: text('role_name').notNull(),
    roleAlias: text('role_alias').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_project_role_alias').on(t.tenantId, t.projectId, t.roleAlias),
    index('macro_project_role_list').on(t.tenantId, t.projectId, t.sort, t.id),
    index('macro_project_role_order').on(t.tenantId, t.sort, t.id),
  ],
);
