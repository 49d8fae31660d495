import type { Page, PageQuery } from '@macro/contract';
import type { Delegate, delegateBody } from '@macro/contract/delegates';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { listPage } from '../../platform/list.ts';
import { usersByIds } from '../users/public.ts';
import { delegates } from './tables.ts';
import { iso } from '../../platform/time.ts';

type DelegateInput = z.output<typeof delegateBody>;
type DelegateRow = typeof delegates.$inferSelect;

const RESOURCE = 'delegate';
const NOT_FOUND = { message: 'delegates.notFound' };
const COLUMNS = sql`t.id, t.start_time, t.end_time, t.entrusted_user_id, t.process_keys, t.description, t.create_user, t.created_at`;

/** A text[] as either driver returns it: an array, or PostgreSQL's `{a,"b c"}` text. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '{}');
  if (text === '{}') return [];
  return [...text.slice(1, -1).matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]));
}

interface Row {
  id: number;
  startTime: unknown;
  endTime: unknown;
  entrustedUserId: number;
  processKeys: string[];
  description: string;
  createUser: number | null;
  createdAt: unknown;
}

const fromSql = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  startTime: r.start_time,
  endTime: r.end_time,
  entrustedUserId: Number(r.entrusted_user_id),
  processKeys: keysOf(r.process_keys),
  description: String(r.description),
  createUser: r.create_user === null || r.create_user === undefined ? null : Number(r.create_user),
  createdAt: r.created_at,
});

async function present(tx: Tx, rows: readonly Row[]): Promise<Delegate[]> {
  const names = new Map((await usersByIds(tx, [...new Set(rows.map((r) => r.entrustedUserId))])).map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    id: r.id,
    startTime: iso(r.startTime),
    endTime: iso(r.endTime),
    entrustedUserId: r.entrustedUserId,
    entrustedName: names.get(r.entrustedUserId) ?? '',
    processKeys: r.processKeys,
    description: r.description,
    ownerId: r.createUser,
    createTime: iso(r.createdAt),
  }));
}

const fromRow = (r: DelegateRow): Row => ({ ...r, processKeys: keysOf(r.processKeys) });

/** The signed-in user's delegations, latest first (ordered by id: each page reads only its rows). */
export async function listDelegates(tx: Tx, ownerId: number, query: PageQuery): Promise<Page<Delegate>> {
  const page = await listPage(
    tx,
    { table: sql`${delegates}`, where: sql`t.create_user = ${ownerId}`, order: ['id'], descending: true, columns: COLUMNS, toRecord: fromSql },
    query,
  );
  return { ...page, records: await present(tx, page.records) };
}

const textArray = (keys: readonly string[]) =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
const emptyArray = sql`'{}'::text[]`;

/**
 * Refuses what the rules of a delegation forbid: delegating to oneself, to a stranger, or a
 * second delegation overlapping one of the owner's in time and process. Serialised per owner, so
 * two concurrent requests cannot both pass the overlap check.
 */
async function assertAllowed(tx: Tx, ownerId: number, input: DelegateInput, exceptId?: number): Promise<void> {
  if (input.entrustedUserId === ownerId) throw unprocessable('delegates.self');
  if (!(await usersByIds(tx, [input.entrustedUserId])).length) throw unprocessable('delegates.userMissing');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delegate:${ownerId}`}), hashtext(current_setting('app.tenant_id', true)))`);
  const keys = input.processKeys.length ? textArray(input.processKeys) : emptyArray;
  const [clash] = rowsOf(
    await tx.execute(sql`select t.start_time, t.end_time from ${delegates} t
      where t.create_user = ${ownerId} ${exceptId === undefined ? sql`` : sql`and t.id <> ${exceptId}`}
        and t.start_time <= ${input.endTime}::timestamptz and t.end_time >= ${input.startTime}::timestamptz
        and (cardinality(t.process_keys) = 0 or cardinality(${keys}) = 0 or t.process_keys && ${keys})
      order by t.start_time limit 1`),
  );
  if (clash)
    throw conflict('delegates.overlap', {
      start: iso(clash.start_time).slice(0, 16).replace('T', ' '),
      end: iso(clash.end_time).slice(0, 16).replace('T', ' '),
    });
}

const valuesOf = (input: DelegateInput) => ({
  startTime: new Date(input.startTime),
  endTime: new Date(input.endTime),
  entrustedUserId: input.entrustedUserId,
  processKeys: [...new Set(input.processKeys)],
  description: input.description,
});

export async function createDelegate(ctx: Ctx, ownerId: number, input: DelegateInput): Promise<Delegate> {
  await assertAllowed(ctx.tx, ownerId, input);
  const row = await auditedInsert(ctx, delegates, RESOURCE, valuesOf(input));
  return (await present(ctx.tx, [fromRow(row)]))[0];
}

const ownedBy = (ownerId: number) => sql`create_user = ${ownerId}`;

export async function updateDelegate(ctx: Ctx, ownerId: number, id: number, input: DelegateInput): Promise<Delegate> {
  const before = await findOr404(ctx.tx, delegates, id, { lock: true, where: ownedBy(ownerId), ...NOT_FOUND });
  await assertAllowed(ctx.tx, ownerId, input, id);
  const row = await auditedUpdate(ctx, delegates, RESOURCE, before, { ...valuesOf(input), updatedAt: new Date() });
  return (await present(ctx.tx, [fromRow(row)]))[0];
}

export async function removeDelegate(ctx: Ctx, ownerId: number, id: number): Promise<number> {
  const row = await findOr404(ctx.tx, delegates, id, { lock: true, where: ownedBy(ownerId), ...NOT_FOUND });
  return auditedDelete(ctx, delegates, RESOURCE, [row]);
}

/**
 * Who acts for `userId` on a task of the process `templateKey` at `at`: the entrusted person of
 * the delegation running then that covers the process (or every process), or null. The engine
 * calls it in its own transaction when a task is assigned.
 */
export async function activeDelegateFor(tx: Tx, userId: number, templateKey: string, at: Date): Promise<number | null> {
  const [row] = rowsOf(
    await tx.execute(sql`select t.entrusted_user_id from ${delegates} t
      where t.create_user = ${userId} and t.start_time <= ${at.toISOString()}::timestamptz and t.end_time >= ${at.toISOString()}::timestamptz
        and (cardinality(t.process_keys) = 0 or ${templateKey} = any(t.process_keys))
      order by cardinality(t.process_keys) = 0, t.start_time desc limit 1`),
  );
  return row ? Number(row.entrusted_user_id) : null;
}
