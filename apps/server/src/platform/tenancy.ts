import { type SQL, sql } from 'drizzle-orm';
import { pgPolicy, text } from 'drizzle-orm/pg-core';

/** The transaction-local setting that row-level security policies key on. */
export const TENANT_SETTING = 'app.tenant_id';
/** The role requests run as: neither superuser nor table owner, so policies apply to it. */
export const APP_ROLE = 'macro_app';

const currentTenant: SQL = sql`tenant_id = current_setting('app.tenant_id', true)`;

/** Column every tenant-scoped table carries. */
export const tenantColumn = () => text('tenant_id').notNull().default(sql`current_setting('app.tenant_id', true)`);

/** The policy of every tenant-scoped table: rows of the current tenant only, for read and write. */
export const tenantPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, { as: 'permissive', for: 'all', using: currentTenant, withCheck: currentTenant });
