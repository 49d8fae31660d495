import type { DraftColumn } from '@macro/contract/databaselinks';
import { boolean, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** Tables designed for a link, kept until released (and after, to add columns later). */
export const databaseDrafts = tenantTable(
  'macro_database_draft',
  {
    id: idColumn(),
    linkId: integer('link_id').notNull(),
    tableName: text('table_name').notNull(),
    comment: text('comment').notNull().default(''),
    columns: jsonb('columns').$type<DraftColumn[]>().notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // A link's designs go with it.
    foreignKey({ name: 'macro_database_draft_link', columns: [t.linkId], foreignColumns: [databaseLinks.id] }).onDelete('cascade'),
    index('macro_database_draft_by_link').on(t.tenantId, t.linkId, t.tableName),
  ],
);

/** Reusable columns (常用字段) picked into designs. */
export const databaseFields = tenantTable(
  'macro_database_field',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    length: integer('length'),
    scale: integer('scale'),
    nullable: boolean('nullable').notNull().default(true),
    primaryKey: boolean('primary_key').notNull().default(false),
    defaultValue: text('default_value').notNull().default(''),
    comment: text('comment').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('macro_database_field_list').on(t.tenantId, t.sort, t.name)],
);
