import type { AppPageKind } from '@macro/contract/authorize';
import { boolean, index, integer, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The design of an app function's page: what it opens — a form scheme of the forms domain (by
 * its code, checked through that domain when saved), a list of its records, or the function's
 * address. One per function; it goes with the function.
 */
export const appFunctionSchemes = tenantTable(
  'macro_app_function_scheme',
  {
    id: idColumn(),
    funcId: integer('func_id')
      .notNull()
      .references(() => appFuncs.id, { onDelete: 'cascade' }),
    pageKind: text('page_kind').$type<AppPageKind>().notNull(),
    formCode: text('form_code').notNull().default(''),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    title: text('title').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_app_function_scheme_func').on(t.tenantId, t.funcId)],
);
