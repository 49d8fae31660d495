import { index, integer, text } from 'drizzle-orm/pg-core';
import { globalTable } from '../../platform/tables.ts';

/**
 * The official province / city / county list (GB/T 2260 codes), the same for every tenant: a
 * platform table the server seeds from `divisions.json` (scripts/areas.mjs); requests may only read it.
 */
export const areas = globalTable(
  'macro_area',
  {
    /** Administrative division code: 2 digits province, 4 city, 6 county. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** '' for a province. */
    parentCode: text('parent_code').notNull(),
    /** 0 province, 1 city, 2 county. */
    layer: integer('layer').notNull(),
    /** Has no children (counties, and cities without counties). */
    leaf: integer('leaf').notNull(),
  },
  (t) => [index('macro_area_parent').on(t.parentCode, t.code)],
  ['select'],
);
