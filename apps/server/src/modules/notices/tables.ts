import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** A system message by its catalogue key, e.g. `workflow.notifyArrived`, and the values it names. */
export interface SystemMessage {
  key: string;
  params: Record<string, string>;
}

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
    /** The console page the item opens ('' for none), e.g. the task a message is about. */
    link: text('link').notNull().default(''),
    /**
     * A message the system wrote: its catalogue key and parameters, shown in the reader's
     * language (`${key}Title`, `${key}Content`); title and content hold it in the default language.
     */
    message: jsonb('message').$type<SystemMessage>(),
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

/** A user's delivery choices beyond the bell (one row per user who made any). */
export const noticePrefs = tenantTable(
  'macro_notice_pref',
  {
    id: idColumn(),
    userId: integer('user_id').notNull(),
    email: boolean('email').notNull().default(false),
    /** WeChat Work's and DingTalk's work notifications (to the member the user was synced from). */
    wecom: boolean('wecom').notNull().default(false),
    dingtalk: boolean('dingtalk').notNull().default(false),
    /** The language e-mail and work notifications are written in: the one the user chose them in. */
    language: text('language').notNull().default('zh'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_notice_pref_user').on(t.tenantId, t.userId)],
);

/**
 * The outbox: one message to send to one address over one channel, written in the transaction
 * that wrote the message (so a rolled-back operation sends nothing) and sent after it commits by
 * the delivery job, with retries; the row stays as the record of the delivery.
 */
export const noticeDeliveries = tenantTable(
  'macro_notice_delivery',
  {
    id: idColumn(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** NOTIFY_CHANNELS: email, wecom, dingtalk. */
    channel: text('channel').notNull(),
    /** The e-mail address, or the directory's member id. */
    address: text('address').notNull(),
    language: text('language').notNull(),
    /** pending | sent | failed (after the last attempt). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed, as the mail server or the network said it (no credentials). */
    lastError: text('last_error').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('macro_notice_delivery_due').on(t.state, t.nextAttemptAt), index('macro_notice_delivery_notice').on(t.noticeId)],
);
