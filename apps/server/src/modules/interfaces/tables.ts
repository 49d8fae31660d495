import { bigint, boolean, index, integer, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** The tree custom interfaces are filed in. */
export const interfaceCategories = tenantTable(
  'macro_interface_category',
  {
    id: idColumn(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_interface_category_name').on(t.tenantId, t.parentId, t.name)],
);

/** A custom interface: what answers `method /api/open/{path}` while it is enabled. */
export const interfaces = tenantTable(
  'macro_interface_info',
  {
    id: idColumn(),
    categoryId: integer('category_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    dataSourceId: integer('data_source_id'),
    url: text('url').notNull().default(''),
    permission: text('permission').notNull().default(''),
    anonymous: boolean('anonymous').notNull().default(false),
    rateLimit: integer('rate_limit').notNull().default(60),
    response: text('response').notNull().default('envelope'),
    enabled: boolean('enabled').notNull().default(false),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_interface_info_code').on(t.tenantId, t.code),
    // One interface answers a method and path of a tenant; a call finds it by this index.
    uniqueIndex('macro_interface_info_route').on(t.tenantId, t.method, t.path),
    index('macro_interface_info_list').on(t.tenantId, t.sort, t.id),
    index('macro_interface_info_category').on(t.tenantId, t.categoryId),
  ],
);

/** One call of a custom interface. */
export const interfaceCalls = tenantTable(
  'macro_interface_call',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    interfaceId: integer('interface_id').notNull(),
    userId: integer('user_id'),
    ip: text('ip').notNull().default(''),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_interface_call_list').on(t.tenantId, t.interfaceId, t.id)],
  ['select', 'insert', 'delete'],
);

/** Calls of one caller to one interface in the current minute: the rate limit, the same for every server process. */
export const interfaceRates = tenantTable(
  'macro_interface_rate',
  {
    interfaceId: integer('interface_id').notNull(),
    caller: text('caller').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.interfaceId, t.caller] })],
);
