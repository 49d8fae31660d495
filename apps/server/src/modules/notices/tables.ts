import { index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Notices, messages and mail an administrator writes for the tenant (or for one user of it). */
export const notices = tenantTable(
  'macro_notice',
  {
    id: idColumn(),
    /** NOTICE_CATEGORY: 1 notice, 2 message, 3 mail. */
    category: integer('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The one user it is addressed to; null: everyone of the tenant. Users are the users domain's. */
    recipientId: integer('recipient_id'),
    /** NOTICE_STATUS: 0 draft, 1 published. */
    status: integer('status').notNull().default(0),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [index('macro_notice_list').on(t.tenantId, t.id), index('macro_notice_inbox').on(t.tenantId, t.status, t.category, t.publishTime)],
);

/** Who has read which notice: one row per reader, written when they open it or mark it read. */
export const noticeReads = tenantTable(
  'macro_notice_read',
  {
    id: idColumn(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('macro_notice_read_key').on(t.tenantId, t.userId, t.noticeId), index('macro_notice_read_notice').on(t.noticeId)],
);
