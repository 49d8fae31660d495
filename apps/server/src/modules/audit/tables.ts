import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/tables.ts';

/** Every change, sign-in and sign-out: who, in which tenant, what, before and after. Requests only append and read. */
export const auditLogs = tenantTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_tenant_time').on(t.tenantId, t.createdAt),
    // A user's own sign-ins (the dashboard's recent sign-ins and its sign-in chart).
    index('audit_log_user_login').on(t.tenantId, t.userId, t.createdAt).where(sql`action = 'login'`),
  ],
  ['select', 'insert'],
);
