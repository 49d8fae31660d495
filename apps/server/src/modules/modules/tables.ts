import { index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { globalTable, idColumn } from '../../platform/tables.ts';
import { menus } from '../menus/public.ts';

/** Subsystems: platform-wide groups of modules. */
export const subsystems = globalTable(
  'macro_subsystem',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
  },
  (t) => [uniqueIndex('macro_subsystem_code').on(t.code)],
  ['select', 'insert', 'update', 'delete'],
);

export interface ModuleField {
  field: string;
  label: string;
}

/**
 * What a module adds to its menu entry (the menu and its buttons are rows of macro_menu): its
 * subsystem, form fields and list columns. Goes with the menu.
 */
export const moduleExtras = globalTable(
  'macro_module',
  {
    menuId: integer('menu_id')
      .primaryKey()
      .references(() => menus.id, { onDelete: 'cascade' }),
    subsystemId: integer('subsystem_id').notNull().default(0),
    forms: jsonb('forms').$type<ModuleField[]>().notNull().default([]),
    columns: jsonb('columns').$type<ModuleField[]>().notNull().default([]),
  },
  (t) => [index('macro_module_subsystem').on(t.subsystemId)],
  ['select', 'insert', 'update', 'delete'],
);
