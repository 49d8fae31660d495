import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Both dictionary families live here, told apart by `kind` ('system' or 'biz'). */
export const dicts = tenantTable(
  'macro_dict',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    code: text('code').notNull(),
    dictKey: text('dict_key').notNull(),
    dictValue: text('dict_value').notNull(),
    sort: integer('sort').notNull().default(1),
    isSealed: integer('is_sealed').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    // Ids are unique across kinds, so a parent's entries are found by parent id alone.
    index('macro_dict_parent').on(t.tenantId, t.parentId, t.sort, t.id),
    index('macro_dict_code').on(t.tenantId, t.kind, t.code),
    // Lists are ordered by sort then id: this lets a page read only its rows.
    index('macro_dict_list').on(t.tenantId, t.kind, t.sort, t.id),
    // Guards against two concurrent submits slipping past the service's own checks.
    uniqueIndex('macro_dict_parent_code').on(t.tenantId, t.kind, t.code).where(sql`parent_id = 0`),
    uniqueIndex('macro_dict_sibling_key').on(t.tenantId, t.kind, t.parentId, t.dictKey).where(sql`parent_id <> 0`),
  ],
);
