import { boolean, index, integer, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { globalTable, idColumn, tenantTable } from '../../platform/tables.ts';

/**
 * Menus and buttons are platform-wide; their `code` is the permission code a route declares.
 * Category 1 is a menu (a page or a folder), 2 a button. Requests of the platform tenant's
 * administrators change them (the menu screen); everyone else only reads them.
 */
export const menus = globalTable(
  'macro_menu',
  {
    id: idColumn(),
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
    /** Where a button acts (MENU_ACTION). */
    action: integer('action').notNull().default(1),
    remark: text('remark').notNull().default(''),
  },
  (t) => [index('macro_menu_parent').on(t.parentId)],
  ['select', 'insert', 'update', 'delete'],
);

/**
 * What the seed last put in place for each module-contributed code (the module's values and
 * its parent's code). The next start changes a field only where the module changed it and the
 * administrator did not, and never brings back a menu the administrator removed.
 */
export const menuSeeds = globalTable('macro_menu_seed', {
  code: text('code').primaryKey(),
  parent: text('parent').notNull().default(''),
  seeded: jsonb('seeded').$type<SeededValues>().notNull(),
});

export interface SeededValues {
  name: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  i18n: string;
}

/** The menus and buttons a role of a tenant grants. */
export const roleMenus = tenantTable(
  'macro_role_menu',
  {
    roleId: integer('role_id').notNull(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('macro_role_menu_menu').on(t.menuId)],
  ['select', 'insert', 'delete'],
);
