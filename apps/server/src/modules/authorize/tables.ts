import { boolean, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Functions of the mobile app (tiles of its home screen), by category. */
export const appFuncs = tenantTable(
  'macro_app_func',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    category: text('category').notNull(),
    icon: text('icon').notNull().default(''),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_app_func_code').on(t.tenantId, t.code), index('macro_app_func_list').on(t.tenantId, t.category, t.sort, t.id)],
);

/**
 * The app functions a role or a user is granted (the spec's `/authorizes`: object id and type,
 * items). Roles are the roles domain's and checked through its service, as scope grants are.
 */
export const appAuthorizes = tenantTable(
  'macro_app_authorize',
  {
    objectType: integer('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    funcId: integer('func_id')
      .notNull()
      .references(() => appFuncs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.objectType, t.objectId, t.funcId] }), index('macro_app_authorize_func').on(t.tenantId, t.funcId)],
  ['select', 'insert', 'delete'],
);
