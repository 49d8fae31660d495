import type { Page, PageQuery } from '@macro/contract';
import type { Param, paramBody } from '@macro/contract/params';
import type { Ctx, Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { containing, listPage } from '../../platform/list.ts';
import { params } from './tables.ts';
import { iso } from '../../platform/time.ts';

type Input = z.output<typeof paramBody>;
type Row = typeof params.$inferSelect;

const RESOURCE = 'param';
const NOT_FOUND = { message: 'params.notFound' };
const COLUMNS = sql`t.id, t.param_name, t.param_key, t.param_value, t.remark, t.created_at, t.updated_at`;

const fromSql = (r: Record<string, unknown>): Param => ({
  id: Number(r.id),
  paramName: String(r.param_name),
  paramKey: String(r.param_key),
  paramValue: String(r.param_value),
  remark: String(r.remark),
  createTime: iso(r.created_at),
  updateTime: iso(r.updated_at),
});
const fromRow = (r: Row): Param => ({
  id: r.id,
  paramName: r.paramName,
  paramKey: r.paramKey,
  paramValue: r.paramValue,
  remark: r.remark,
  createTime: iso(r.createdAt),
  updateTime: iso(r.updatedAt),
});

export function listParams(tx: Tx, query: PageQuery & { paramName?: string; paramKey?: string }): Promise<Page<Param>> {
  const parts = [
    query.paramName ? sql`t.param_name ilike ${containing(query.paramName)}` : undefined,
    query.paramKey ? sql`t.param_key ilike ${containing(query.paramKey)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const where = parts.length ? sql.join(parts, sql` and `) : sql`true`;
  return listPage(tx, { table: sql`${params}`, where, order: ['id'], columns: COLUMNS, toRecord: fromSql }, query);
}

export async function paramDetail(tx: Tx, id: number): Promise<Param> {
  return fromRow(await findOr404(tx, params, id, NOT_FOUND));
}

export async function saveParam(ctx: Ctx, input: Input, id?: number): Promise<Param> {
  await assertUnique(ctx.tx, params, eq(params.paramKey, input.paramKey), { exceptId: id, message: 'params.keyExists', params: { key: input.paramKey } });
  const values = { paramName: input.paramName, paramKey: input.paramKey, paramValue: input.paramValue, remark: input.remark };
  if (id === undefined) return fromRow(await auditedInsert(ctx, params, RESOURCE, values));
  const before = await findOr404(ctx.tx, params, id, { lock: true, ...NOT_FOUND });
  return fromRow(await auditedUpdate(ctx, params, RESOURCE, before, { ...values, updatedAt: new Date() }));
}

export async function removeParams(ctx: Ctx, ids: number[]): Promise<number> {
  return auditedDelete(ctx, params, RESOURCE, await lockAll(ctx.tx, params, ids, NOT_FOUND));
}

/**
 * The configuration accessor other modules call: the tenant's value of parameter `key`, read
 * in the caller's transaction, parsed by `schema` (numbers and booleans are coerced from the
 * stored text); `fallback` when the parameter is absent or its value does not parse.
 */
export async function paramValue<S extends z.ZodType>(tx: Tx, key: string, schema: S, fallback: z.output<S>): Promise<z.output<S>> {
  const [row] = await tx.select({ value: params.paramValue }).from(params).where(eq(params.paramKey, key));
  if (!row) return fallback;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : fallback;
}

/** Typed shorthands of paramValue for the common cases. */
export const paramAccessors = {
  text: (tx: Tx, key: string, fallback: string) => paramValue(tx, key, z.string(), fallback),
  number: (tx: Tx, key: string, fallback: number) => paramValue(tx, key, z.coerce.number().finite(), fallback),
  boolean: (tx: Tx, key: string, fallback: boolean) =>
    paramValue(
      tx,
      key,
      z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
      fallback,
    ),
};
