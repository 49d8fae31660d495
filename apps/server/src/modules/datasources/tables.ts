import type { DataSourceParameter } from '@macro/contract/datasources';
import { foreignKey, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';
import { databaseLinks } from '../databaselinks/public.ts';

/** Named queries on database links; a link stays while a data source names it. */
export const dataSources = tenantTable(
  'macro_data_source',
  {
    id: idColumn(),
    name: text('name').notNull(),
    linkId: integer('link_id').notNull(),
    sql: text('sql').notNull(),
    parameters: jsonb('parameters').$type<DataSourceParameter[]>().notNull().default([]),
    idColumn: text('id_column').notNull().default(''),
    parentColumn: text('parent_column').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    foreignKey({ name: 'macro_data_source_link', columns: [t.linkId], foreignColumns: [databaseLinks.id] }).onDelete('restrict'),
    // Two concurrent submits cannot both slip past the service's own check.
    uniqueIndex('macro_data_source_name').on(t.tenantId, t.name),
    // Lists are ordered by sort then id: a page reads only its rows.
    index('macro_data_source_list').on(t.tenantId, t.sort, t.id),
    index('macro_data_source_by_link').on(t.linkId),
  ],
);
