import type { Page } from '@macro/contract';
import {
  type FeedbackRecord,
  type feedbackCreate,
  type feedbackListQuery,
  type LogRecord,
  type LogType,
  type logListQuery,
  type logUpload,
  REMOVABLE_LOG_TYPES,
  type RemovableLogType,
  SIGN_IN_ACTIONS,
} from '@macro/contract/logs';
import type { Ctx, Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedInsert, findOr404 } from '../../platform/crud.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { type FileStore, readStoredFile, storeFile } from '../files/public.ts';
import { apiLogs, errorLogs, feedback } from './tables.ts';
import { iso } from '../../platform/time.ts';

type ListQuery = z.output<typeof logListQuery>;

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const json = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** How each kind of log reads as a page of `LogRecord`s. */
interface Source {
  table: SQL;
  /** Column the time filter and the order use (aliases on `t`). */
  columns: SQL;
  kindColumn: SQL;
  keywordColumn: SQL;
  extra?: SQL;
  toRecord: (r: Record<string, unknown>) => LogRecord;
}

const signIns = sql.join(
  SIGN_IN_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
);

const SOURCES: Record<LogType, Source> = {
  error: {
    table: sql`macro_log_error`,
    columns: sql`t.id, t.user_id, t.account, t.type, t.message, t.stack, t.info, t.url, t.ip, t.client_time, t.created_at`,
    kindColumn: sql`t.type`,
    keywordColumn: sql`t.message`,
    toRecord: (r) => ({
      id: Number(r.id),
      type: 'error',
      time: iso(r.client_time),
      userId: num(r.user_id),
      account: str(r.account),
      kind: str(r.type),
      message: str(r.message),
      detail: [str(r.stack), str(r.info)].filter(Boolean).join('\n\n'),
      url: str(r.url),
      ip: str(r.ip),
      status: null,
      durationMs: null,
    }),
  },
  api: {
    table: sql`macro_log_api`,
    columns: sql`t.id, t.user_id, t.account, t.method, t.path, t.operation_id, t.status, t.duration_ms, t.ip, t.created_at`,
    kindColumn: sql`t.method`,
    keywordColumn: sql`t.path`,
    toRecord: (r) => ({
      id: Number(r.id),
      type: 'api',
      time: iso(r.created_at),
      userId: num(r.user_id),
      account: str(r.account),
      kind: str(r.method),
      message: str(r.path),
      detail: str(r.operation_id),
      url: str(r.path),
      ip: str(r.ip),
      status: num(r.status),
      durationMs: num(r.duration_ms),
    }),
  },
  login: {
    table: sql`audit_log`,
    columns: sql`t.id, t.user_id, t.account, t.action, t.resource, t.resource_id, t.before, t.after, t.ip, t.created_at`,
    kindColumn: sql`t.action`,
    keywordColumn: sql`t.resource`,
    extra: sql`t.action in (${signIns})`,
    toRecord: (r) => auditRecord('login', r),
  },
  audit: {
    table: sql`audit_log`,
    columns: sql`t.id, t.user_id, t.account, t.action, t.resource, t.resource_id, t.before, t.after, t.ip, t.created_at`,
    kindColumn: sql`t.action`,
    keywordColumn: sql`t.resource`,
    extra: sql`t.action not in (${signIns})`,
    toRecord: (r) => auditRecord('audit', r),
  },
};

function auditRecord(type: 'login' | 'audit', r: Record<string, unknown>): LogRecord {
  const before = json(r.before);
  const after = json(r.after);
  return {
    id: Number(r.id),
    type,
    time: iso(r.created_at),
    userId: num(r.user_id),
    account: str(r.account),
    kind: str(r.action),
    message: r.resource_id ? `${str(r.resource)} #${str(r.resource_id)}` : str(r.resource),
    detail: [before && `before: ${before}`, after && `after: ${after}`].filter(Boolean).join('\n'),
    url: '',
    ip: str(r.ip),
    status: null,
    durationMs: null,
  };
}

/** A page of one kind of log, newest first, through the kit's list (keyset paging on the id). */
export function listLogs(tx: Tx, query: ListQuery): Promise<Page<LogRecord>> {
  const source = SOURCES[query.type];
  const conditions: SQL[] = [sql`true`];
  if (source.extra) conditions.push(source.extra);
  if (query.account) conditions.push(sql`t.account ilike ${containing(query.account)}`);
  if (query.kind) conditions.push(sql`${source.kindColumn} = ${query.kind}`);
  if (query.keyword) conditions.push(sql`${source.keywordColumn} ilike ${containing(query.keyword)}`);
  if (query.from) conditions.push(sql`t.created_at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(sql`t.created_at <= ${query.to}::timestamptz`);
  return listPage(
    tx,
    {
      table: source.table,
      where: sql.join(conditions, sql` and `),
      order: ['id'],
      descending: true,
      columns: source.columns,
      toRecord: source.toRecord,
    },
    query,
  );
}

/** Stores the errors the console caught, as the caller's; one audit line says how many came. */
export async function uploadErrors(ctx: Ctx, input: z.output<typeof logUpload>): Promise<{ stored: number }> {
  const { actor } = ctx;
  await ctx.tx.insert(errorLogs).values(
    input.logs.map((log) => ({
      userId: actor.userId,
      account: actor.account,
      type: log.type,
      message: log.message,
      stack: log.stack,
      info: log.info,
      url: log.url,
      ip: actor.ip,
      clientTime: new Date(log.time),
    })),
  );
  await ctx.audit.record(ctx.tx, actor, { action: 'upload', resource: 'log-error', after: { count: input.logs.length } });
  return { stored: input.logs.length };
}

function removable(type: LogType): RemovableLogType {
  if (!(REMOVABLE_LOG_TYPES as readonly string[]).includes(type)) throw unprocessable('logs.notRemovable');
  return type as RemovableLogType;
}

const TABLES = { error: errorLogs, api: apiLogs } as const;

/** Deletes every log of one removable kind of the tenant; the clearing goes to the audit log. */
export async function clearLogs(ctx: Ctx, type: LogType): Promise<{ removed: number }> {
  const kind = removable(type);
  const removed = await ctx.tx.delete(TABLES[kind]).returning({ id: TABLES[kind].id });
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'clear', resource: `log-${kind}`, after: { removed: removed.length } });
  return { removed: removed.length };
}

/** Deletes one log line, audited with what it said. */
export async function removeLog(ctx: Ctx, type: LogType, id: number): Promise<{ removed: number }> {
  const kind = removable(type);
  const table = TABLES[kind];
  const row = await findOr404(ctx.tx, table, id, { message: 'logs.notFound' });
  await ctx.tx.delete(table).where(eq(table.id, id));
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource: `log-${kind}`, resourceId: id, before: row });
  return { removed: 1 };
}

const feedbackOf = (r: typeof feedback.$inferSelect): FeedbackRecord => ({
  id: r.id,
  account: r.account,
  userId: r.userId,
  text: r.text,
  url: r.url,
  imageFileId: r.imageFileId,
  time: iso(r.createdAt),
});

/** The caller's feedback, its screenshot kept in the file store. */
export async function createFeedback(ctx: Ctx, store: FileStore, input: z.output<typeof feedbackCreate>): Promise<FeedbackRecord> {
  let imageFileId: number | null = null;
  if (input.img) {
    const bytes = Buffer.from(input.img.slice(input.img.indexOf(',') + 1), 'base64');
    // A JPEG starts with FF D8 FF: the data URL's type is only the sender's word.
    if (bytes.length < 3 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw unprocessable('logs.feedbackImage');
    imageFileId = (await storeFile(ctx, store, { fileName: 'feedback.jpg', mimeType: 'image/jpeg', bytes, purpose: 'feedback' })).id;
  }
  const row = await auditedInsert(ctx, feedback, 'feedback', {
    userId: ctx.actor.userId,
    account: ctx.actor.account,
    text: input.text,
    url: input.url,
    imageFileId,
  });
  return feedbackOf(row);
}

export function listFeedback(tx: Tx, query: z.output<typeof feedbackListQuery>): Promise<Page<FeedbackRecord>> {
  const conditions: SQL[] = [sql`true`];
  if (query.account) conditions.push(sql`t.account ilike ${containing(query.account)}`);
  if (query.keyword) conditions.push(sql`t.text ilike ${containing(query.keyword)}`);
  return listPage(
    tx,
    {
      table: sql`macro_feedback`,
      where: sql.join(conditions, sql` and `),
      order: ['id'],
      descending: true,
      columns: sql`t.id, t.user_id, t.account, t.text, t.url, t.image_file_id, t.created_at`,
      toRecord: (r) => ({
        id: Number(r.id),
        account: str(r.account),
        userId: num(r.user_id),
        text: str(r.text),
        url: str(r.url),
        imageFileId: num(r.image_file_id),
        time: iso(r.created_at),
      }),
    },
    query,
  );
}

export async function feedbackImage(tx: Tx, store: FileStore, id: number): Promise<{ id: number; image: string }> {
  const row = await findOr404(tx, feedback, id, { message: 'logs.feedbackNotFound' });
  if (row.imageFileId === null) throw notFound('logs.feedbackNotFound');
  const { file, bytes } = await readStoredFile(tx, store, row.imageFileId);
  return { id, image: `data:${file.mimeType};base64,${bytes.toString('base64')}` };
}
