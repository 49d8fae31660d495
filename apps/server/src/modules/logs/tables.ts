import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable } from '../../platform/tables.ts';

/** Unhandled front-end errors, uploaded from the console's log dialog. */
export const errorLogs = tenantTable(
  'macro_log_error',
  {
    id: idColumn(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    /** 'error', 'unhandledrejection', 'vue'…: what kind of failure the console caught. */
    type: text('type').notNull(),
    message: text('message').notNull().default(''),
    stack: text('stack').notNull().default(''),
    info: text('info').notNull().default(''),
    url: text('url').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** When it happened in the browser; `createdAt` is when it reached the server. */
    clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_log_error_time').on(t.tenantId, t.id)],
  ['select', 'insert', 'delete'],
);

/** One line per signed-in API request: who called what, how it ended and how long it took. */
export const apiLogs = tenantTable(
  'macro_log_api',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    method: text('method').notNull(),
    /** The route's path pattern (`/api/log/:id`), never the query string (it may carry secrets). */
    path: text('path').notNull(),
    operationId: text('operation_id').notNull().default(''),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_log_api_time').on(t.tenantId, t.id)],
  ['select', 'insert', 'delete'],
);

/** What users tell the administrators from the feedback dialog, with a screenshot of the page. */
export const feedback = tenantTable(
  'macro_feedback',
  {
    id: idColumn(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    text: text('text').notNull(),
    url: text('url').notNull().default(''),
    /** The screenshot in the file store (macro_file), if one was taken. */
    imageFileId: integer('image_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_feedback_time').on(t.tenantId, t.id)],
  ['select', 'insert'],
);
