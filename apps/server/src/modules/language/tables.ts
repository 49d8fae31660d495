import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** The languages a tenant's console can be switched to; zh, en and ja are built in. */
export const languageTypes = tenantTable(
  'macro_language_type',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    builtIn: boolean('built_in').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_language_type_code').on(t.tenantId, t.code)],
);

/** Translations set at run time: the text of one mark (namespace, key) in one language. */
export const languageMaps = tenantTable(
  'macro_language_map',
  {
    id: idColumn(),
    typeCode: text('type_code').notNull(),
    ns: text('ns').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_language_map_mark').on(t.tenantId, t.typeCode, t.ns, t.key), index('macro_language_map_list').on(t.tenantId, t.ns, t.key, t.id)],
);
