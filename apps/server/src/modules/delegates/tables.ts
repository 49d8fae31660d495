import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** A user's delegation of their workflow tasks to another user for a time, for some processes or all. */
export const delegates = tenantTable(
  'macro_delegate',
  {
    id: idColumn(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    entrustedUserId: integer('entrusted_user_id').notNull(),
    /** Keys of the workflow templates covered; empty covers every process. */
    processKeys: text('process_keys').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    // The engine asks, for one owner, which delegation runs at a moment.
    index('macro_delegate_owner').on(t.tenantId, t.createUser, t.startTime),
    index('macro_delegate_list').on(t.tenantId, t.createUser, t.id),
  ],
);
