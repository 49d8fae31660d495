import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** A tenant's links to other databases; the password is sealed (platform/secrets.ts), never plain. */
export const databaseLinks = tenantTable(
  'macro_database_link',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    databaseName: text('database_name').notNull(),
    username: text('username').notNull(),
    /** The password sealed under the data key; null when the link has none. */
    passwordSealed: text('password_sealed'),
    ssl: boolean('ssl').notNull().default(false),
    schemaName: text('schema_name').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    // Two concurrent submits cannot both slip past the service's own check.
    uniqueIndex('macro_database_link_name').on(t.tenantId, t.name),
    // Lists are ordered by sort then id: a page reads only its rows.
    index('macro_database_link_list').on(t.tenantId, t.sort, t.id),
  ],
);
