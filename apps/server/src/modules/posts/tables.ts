import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const posts = tenantTable(
  'macro_post',
  {
    id: idColumn(),
    postCode: text('post_code').notNull(),
    postName: text('post_name').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    // Guard against two concurrent submits slipping past the service's own checks.
    uniqueIndex('macro_post_code').on(t.tenantId, t.postCode),
    uniqueIndex('macro_post_name').on(t.tenantId, t.postName),
    // Lists are ordered by sort then id: a page reads only its rows.
    index('macro_post_list').on(t.tenantId, t.sort, t.id),
  ],
);
