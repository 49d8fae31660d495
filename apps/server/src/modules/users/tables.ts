import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenantColumn, tenantPolicy } from '../../platform/tenancy.ts';

export const users = pgTable(
  'macro_user',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantColumn(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    realName: text('real_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    deptId: text('dept_id').notNull().default(''),
    deptName: text('dept_name').notNull().default(''),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('macro_user_tenant_account').on(t.tenantId, t.account), tenantPolicy('macro_user')],
).enableRLS();

export const roles = pgTable(
  'macro_role',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantColumn(),
    roleName: text('role_name').notNull(),
    roleAlias: text('role_alias').notNull(),
    sort: integer('sort').notNull().default(1),
  },
  (t) => [unique('macro_role_tenant_alias').on(t.tenantId, t.roleAlias), tenantPolicy('macro_role')],
).enableRLS();

export const userRoles = pgTable(
  'macro_user_role',
  {
    tenantId: tenantColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('macro_user_role_role').on(t.roleId),
    tenantPolicy('macro_user_role'),
  ],
).enableRLS();
