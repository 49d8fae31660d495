import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tenants are global: the sign-in looks one up before any tenant is chosen. */
export const tenants = pgTable('tenant', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull().unique(),
  tenantName: text('tenant_name').notNull(),
  /** 1 enabled, 0 disabled. */
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
