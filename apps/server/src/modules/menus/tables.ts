import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantColumn, tenantPolicy } from '../../platform/tenancy.ts';
import { roles } from '../users/tables.ts';

/**
 * Menus and buttons are platform-wide; their `code` is the permission code a route declares.
 * Category 1 is a menu (a page or a folder), 2 a button.
 */
export const menus = pgTable(
  'macro_menu',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').notNull().default(0),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    alias: text('alias').notNull().default(''),
    path: text('path').notNull().default(''),
    source: text('source').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    category: integer('category').notNull().default(1),
    isOpen: boolean('is_open').notNull().default(false),
    i18n: text('i18n').notNull().default(''),
    keepAlive: boolean('keep_alive').notNull().default(false),
  },
  (t) => [index('macro_menu_parent').on(t.parentId)],
);

export const roleMenus = pgTable(
  'macro_role_menu',
  {
    tenantId: tenantColumn(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), tenantPolicy('macro_role_menu')],
).enableRLS();

