import { index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** A tenant's choice per directory: where synced departments land, and how the last sync went. */
export const directorySettings = tenantTable(
  'macro_directory_setting',
  {
    id: idColumn(),
    /** `wechat-work` or `ding-talk`. */
    provider: text('provider').notNull(),
    companyId: integer('company_id'),
    parentDeptId: integer('parent_dept_id').notNull().default(0),
    lastSync: jsonb('last_sync'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_directory_setting_provider').on(t.tenantId, t.provider)],
);

/** Which department or user here mirrors which one of a directory (by the directory's id). */
export const directoryLinks = tenantTable(
  'macro_directory_link',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    /** `dept` or `user`. */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    localId: integer('local_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_directory_link_external').on(t.tenantId, t.provider, t.kind, t.externalId),
    index('macro_directory_link_local').on(t.tenantId, t.kind, t.localId),
  ],
);
