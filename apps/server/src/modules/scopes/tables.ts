import { index, integer, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';
import { users } from '../identity/public.ts';

/**
 * Data scopes of a tenant: which rows of a resource (a domain's declared `DataResource`) a role
 * holding the scope sees. Hung on a menu (platform-wide id, no foreign key across domains) for
 * the screens; a custom rule is structured (declared column, operator, values), never SQL.
 */
export const dataScopes = tenantTable(
  'macro_data_scope',
  {
    id: idColumn(),
    menuId: integer('menu_id').notNull(),
    resourceCode: text('resource_code').notNull(),
    scopeName: text('scope_name').notNull(),
    scopeColumn: text('scope_column').notNull().default(''),
    /** DATA_SCOPE_TYPE of the contract. */
    scopeType: integer('scope_type').notNull(),
    scopeOperator: text('scope_operator').notNull().default(''),
    scopeValues: jsonb('scope_values').$type<string[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('macro_data_scope_menu').on(t.tenantId, t.menuId, t.id), index('macro_data_scope_resource').on(t.tenantId, t.resourceCode)],
);

/** API scopes of a tenant: a permission code (the code routes declare) a role holding it may call. */
export const apiScopes = tenantTable(
  'macro_api_scope',
  {
    id: idColumn(),
    menuId: integer('menu_id').notNull(),
    resourceCode: text('resource_code').notNull(),
    scopeName: text('scope_name').notNull(),
    scopePath: text('scope_path').notNull(),
    /** API_SCOPE_TYPE of the contract. */
    scopeType: integer('scope_type').notNull().default(2),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('macro_api_scope_menu').on(t.tenantId, t.menuId, t.id), index('macro_api_scope_path').on(t.tenantId, t.scopePath)],
);

/** The data scopes each role grants (roles are the roles domain's; checked through its service). */
export const roleDataScopes = tenantTable(
  'macro_role_data_scope',
  {
    roleId: integer('role_id').notNull(),
    scopeId: integer('scope_id')
      .notNull()
      .references(() => dataScopes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.scopeId] }), index('macro_role_data_scope_scope').on(t.scopeId)],
  ['select', 'insert', 'delete'],
);

/** The API scopes each role grants. */
export const roleApiScopes = tenantTable(
  'macro_role_api_scope',
  {
    roleId: integer('role_id').notNull(),
    scopeId: integer('scope_id')
      .notNull()
      .references(() => apiScopes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.scopeId] }), index('macro_role_api_scope_scope').on(t.scopeId)],
  ['select', 'insert', 'delete'],
);

/**
 * Data scopes granted to one user directly (data authorisation per menu, object type "user").
 * They join the scopes of the user's roles in the platform's data-scope port (this module's),
 * so a user-level grant narrows lists exactly as a role's does. A role's per-menu grants are
 * the role's own scope grants (`macro_role_data_scope` above).
 */
export const userDataScopes = tenantTable(
  'macro_user_data_scope',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopeId: integer('scope_id')
      .notNull()
      .references(() => dataScopes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scopeId] }), index('macro_user_data_scope_scope').on(t.tenantId, t.scopeId)],
  ['select', 'insert', 'delete'],
);
