import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumn, tenantPolicy } from '../../platform/tenancy.ts';

export const auditLogs = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantColumn(),
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
  (t) => [index('audit_log_tenant_time').on(t.tenantId, t.createdAt), tenantPolicy('audit_log')],
).enableRLS();
