import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { globalTable, idColumn } from '../../platform/tables.ts';

/**
 * Tenants are global: the sign-in looks one up before any tenant is chosen. Requests read them;
 * only the platform tenant's administrators change them (the tenants service checks that).
 */
export const tenants = globalTable(
  'tenant',
  {
    id: idColumn(),
    tenantId: text('tenant_id').notNull().unique(),
    tenantName: text('tenant_name').notNull(),
    linkman: text('linkman').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    address: text('address').notNull().default(''),
    domain: text('domain').notNull().default(''),
    /** Most users the tenant may hold; -1 for no limit. */
    accountNumber: integer('account_number').notNull().default(-1),
    /** The package limiting its menus; null for every menu. */
    packageId: integer('package_id').references(() => tenantPackages.id),
    /** Last day the tenant works (YYYY-MM-DD), '' for never. */
    expireTime: text('expire_time').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** 1 enabled, 0 suspended. */
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when deleted: the tenant is gone from lists and sign-in, its code stays taken. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  undefined,
  ['select', 'insert', 'update'],
);

/** The menus a tenant may use and grant; defined by the platform administrators. */
export const tenantPackages = globalTable(
  'tenant_package',
  {
    id: idColumn(),
    packageName: text('package_name').notNull().unique(),
    menuIds: integer('menu_ids').array().notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  undefined,
  ['select', 'insert', 'update', 'delete'],
);

export const TENANT_STATUS = { enabled: 1, disabled: 0 } as const;
