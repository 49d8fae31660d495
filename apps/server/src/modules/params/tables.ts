import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Parameters: values by key that administrators set and the server reads (paramValue()). */
export const params = tenantTable(
  'macro_param',
  {
    id: idColumn(),
    paramName: text('param_name').notNull(),
    paramKey: text('param_key').notNull(),
    paramValue: text('param_value').notNull(),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_param_key').on(t.tenantId, t.paramKey)],
);
