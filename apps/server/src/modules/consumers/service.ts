import type { Page, PageQuery } from '@macro/contract';
import type { Consumer, consumerSubmit } from '@macro/contract/consumers';
import type { Ctx, Tx } from '@macro/store';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { containing, listPage } from '../../platform/list.ts';
import { consumers } from './tables.ts';
import { iso } from '../../platform/time.ts';

export type ConsumerInput = z.output<typeof consumerSubmit>;
export interface ConsumerSearch {
  account?: string;
  name?: string;
  mobile?: string;
  status?: number;
}

const RESOURCE = 'consumer';
const NOT_FOUND = { message: 'consumers.notFound' };
const COLUMNS = sql`t.id, t.account, t.name, t.mobile, t.email, t.status, t.remark, t.created_at, t.updated_at`;

function toConsumer(row: Record<string, unknown>): Consumer {
  return {
    id: Number(row.id),
    account: String(row.account),
    name: String(row.name),
    mobile: String(row.mobile),
    email: String(row.email),
    status: Number(row.status),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: typeof consumers.$inferSelect): Consumer => toConsumer({ ...row, created_at: row.createdAt, updated_at: row.updatedAt });

function matching(search: ConsumerSearch): SQL {
  const parts = [
    search.account ? sql`t.account ilike ${containing(search.account)}` : undefined,
    search.name ? sql`t.name ilike ${containing(search.name)}` : undefined,
    search.mobile ? sql`t.mobile ilike ${containing(search.mobile)}` : undefined,
    search.status !== undefined ? sql`t.status = ${search.status}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** In the order they were registered (by id, along the list index). */
export function listConsumers(tx: Tx, query: PageQuery & ConsumerSearch): Promise<Page<Consumer>> {
  return listPage(tx, { table: sql`${consumers}`, where: matching(query), order: ['id'], columns: COLUMNS, toRecord: toConsumer }, query);
}

export async function consumerDetail(tx: Tx, id: number): Promise<Consumer> {
  return fromRow(await findOr404(tx, consumers, id, NOT_FOUND));
}

/** Creates (no id) or updates a consumer; the account, and the mobile when given, stay unique in the tenant. */
export async function submitConsumer(ctx: Ctx, input: ConsumerInput): Promise<Consumer> {
  const { tx } = ctx;
  const before = input.id === undefined ? undefined : await findOr404(tx, consumers, input.id, { lock: true, ...NOT_FOUND });
  await assertUnique(tx, consumers, eq(consumers.account, input.account), {
    exceptId: input.id,
    message: 'consumers.accountExists',
    params: { account: input.account },
  });
  if (input.mobile) {
    await assertUnique(tx, consumers, and(eq(consumers.mobile, input.mobile), ne(consumers.mobile, '')), {
      exceptId: input.id,
      message: 'consumers.mobileExists',
      params: { mobile: input.mobile },
    });
  }
  const values = { account: input.account, name: input.name, mobile: input.mobile, email: input.email, status: input.status, remark: input.remark };
  if (!before) return fromRow(await auditedInsert(ctx, consumers, RESOURCE, values));
  return fromRow(await auditedUpdate(ctx, consumers, RESOURCE, before, { ...values, updatedAt: new Date() }));
}

/** Sets the status of several consumers; returns how many changed. */
export async function setConsumerStatus(ctx: Ctx, ids: readonly number[], status: number): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await lockAll(ctx.tx, consumers, unique, NOT_FOUND);
  const changing = rows.filter((row) => row.status !== status);
  if (!changing.length) return 0;
  await ctx.tx
    .update(consumers)
    .set({ status, updatedAt: new Date() })
    .where(
      inArray(
        consumers.id,
        changing.map((row) => row.id),
      ),
    );
  for (const row of changing) {
    await ctx.audit.record(ctx.tx, ctx.actor, { action: 'status', resource: RESOURCE, resourceId: row.id, before: { status: row.status }, after: { status } });
  }
  return changing.length;
}

export async function removeConsumers(ctx: Ctx, ids: number[]): Promise<number> {
  return auditedDelete(ctx, consumers, RESOURCE, await lockAll(ctx.tx, consumers, ids, NOT_FOUND));
}
