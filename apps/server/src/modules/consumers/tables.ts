import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/**
 * Consumer users: the platform's end users (members, customers) of a tenant, apart from its
 * staff (the users domain). They never sign in to the console.
 */
export const consumers = tenantTable(
  'macro_consumer',
  {
    id: idColumn(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    /** CONSUMER_STATUS of the contract. */
    status: integer('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_consumer_account').on(t.tenantId, t.account),
    uniqueIndex('macro_consumer_mobile').on(t.tenantId, t.mobile).where(sql`mobile <> ''`),
    index('macro_consumer_list').on(t.tenantId, t.id),
  ],
);
