import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Entries that launch one workflow template directly. */
export const specialMenus = tenantTable(
  'macro_special_menu',
  {
    id: idColumn(),
    menuName: text('menu_name').notNull(),
    menuCode: text('menu_code').notNull(),
    /** Key (number) of the workflow template it launches. */
    templateKey: text('template_key').notNull(),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_special_menu_code').on(t.tenantId, t.menuCode), index('macro_special_menu_list').on(t.tenantId, t.sort, t.id)],
);
