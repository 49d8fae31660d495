import type { MessageParams } from '@macro/contract';
import { type Ctx, TENANT_SETTING, type Tx } from '@macro/store';
import { and, eq, getTableName, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflict, databaseError, notFound, uniqueViolation } from './errors.ts';

/** A table the CRUD kit can work on: an integer `id` column. */
type WithId = PgTable & { id: PgColumn };

/** The row with this id (of the transaction's tenant), optionally locked for update; else 404 with the domain's message. */
export async function findOr404<T extends WithId>(
  tx: Tx,
  table: T,
  id: number,
  options: { lock?: boolean; where?: SQL; message?: string } = {},
): Promise<T['$inferSelect']> {
  const query = tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), options.where));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(options.message ?? 'common.notFound');
  return row as T['$inferSelect'];
}

/**
 * Refuses a value that is taken, with the domain's message. The unique index behind it
 * catches a concurrent insert; its name maps to the same message (module `uniqueMessages`).
 */
export async function assertUnique(
  tx: Tx,
  table: WithId,
  where: SQL | undefined,
  options: { exceptId?: number; message: string; params?: MessageParams },
): Promise<void> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(where, options.exceptId === undefined ? undefined : ne(table.id, options.exceptId)))
    .limit(1);
  if (taken) throw conflict(options.message, options.params);
}

/** Turns a unique index's refusal of these values into the domain's 409 (a concurrent write won). */
function inDomainWords(values: object) {
  return (error: unknown): never => {
    const database = databaseError(error);
    throw (database?.code === '23505' && uniqueViolation(database, values as Record<string, unknown>)) || error;
  };
}

/** Inserts a row and records it in the audit log, in the caller's transaction. */
export async function auditedInsert<T extends WithId>(ctx: Ctx, table: T, resource: string, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = (await ctx.tx.insert(table).values(values).returning().catch(inDomainWords(values))) as T['$inferSelect'][];
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'create', resource, resourceId: (row as { id: number }).id, after: row });
  return row;
}

/** Updates a row locked beforehand and records before and after. */
export async function auditedUpdate<T extends WithId>(
  ctx: Ctx,
  table: T,
  resource: string,
  before: T['$inferSelect'] & { id: number },
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const [after] = (await ctx.tx
    .update(table)
    .set(values as never)
    .where(eq(table.id, before.id))
    .returning()
    .catch(inDomainWords({ ...before, ...values }))) as T['$inferSelect'][];
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'update', resource, resourceId: before.id, before, after });
  return after;
}

/** Deletes rows (already locked and checked by the caller) and records each. */
export async function auditedDelete<T extends WithId>(
  ctx: Ctx,
  table: T,
  resource: string,
  rows: readonly (T['$inferSelect'] & { id: number })[],
): Promise<number> {
  if (!rows.length) return 0;
  await ctx.tx.delete(table).where(
    inArray(
      table.id,
      rows.map((row) => row.id),
    ),
  );
  for (const row of rows) await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource, resourceId: row.id, before: row });
  return rows.length;
}

/** Locks the rows with these ids; 404 with the domain's message unless every one exists. */
export async function lockAll<T extends WithId>(
  tx: Tx,
  table: T,
  ids: readonly number[],
  options: { where?: SQL; message?: string } = {},
): Promise<(T['$inferSelect'] & { id: number })[]> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(and(inArray(table.id, [...ids]), options.where))
    .for('update');
  if (rows.length !== ids.length) throw notFound(options.message ?? 'common.notFound');
  return rows as (T['$inferSelect'] & { id: number })[];
}

/**
 * Serialises work of the transaction's tenant under `name` (tree moves, default changes): a lock
 * held to the end of the transaction, for what no single row can stand for.
 */
export async function lockForTenant(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_setting(${TENANT_SETTING}, true) || ':' || ${name}))`);
}

/** A table of which one row per tenant can be the default (`isDefault`, held by a partial unique index). */
type WithDefault = WithId & { isDefault: PgColumn };

/**
 * Makes the row `id` its tenant's only default, in the caller's transaction: every default change
 * of the tenant's table queues on one lock, so concurrent calls leave one default. `check` refuses a row that may not be the default (a disabled one) before anything changes.
 */
export async function makeOnlyDefault<T extends WithDefault>(
  ctx: Ctx,
  table: T,
  resource: string,
  id: number,
  options: { message: string; check?: (row: T['$inferSelect']) => void },
): Promise<T['$inferSelect']> {
  const { tx } = ctx;
  // One default change of the tenant's table at a time, even while none is the default yet (there
  // is then no row to lock): a lock on the table's name for the tenant, held to the end of the transaction.
  await lockForTenant(tx, `default:${getTableName(table)}`);
  const before = (await findOr404(tx, table, id, { lock: true, message: options.message })) as T['$inferSelect'] & { id: number; isDefault: boolean };
  options.check?.(before);
  if (before.isDefault) return before;
  await tx
    .update(table)
    .set({ isDefault: false, updatedAt: new Date() } as never)
    .where(and(eq(table.isDefault, true), ne(table.id, id)));
  return auditedUpdate(ctx, table, resource, before, { isDefault: true, updatedAt: new Date() } as never);
}

/** A table with the soft-delete column (tables.ts `softDeleteColumn`). */
type WithSoftDelete = WithId & { deletedAt: PgColumn };

/** The condition that hides soft-deleted rows; add it to a domain's list and find queries. */
export const notDeleted = (table: WithSoftDelete): SQL => isNull(table.deletedAt);

/** Marks rows (already locked and checked by the caller) as removed, and records each; they stay restorable. */
export async function auditedSoftDelete<T extends WithSoftDelete>(
  ctx: Ctx,
  table: T,
  resource: string,
  rows: readonly (T['$inferSelect'] & { id: number })[],
): Promise<number> {
  if (!rows.length) return 0;
  await ctx.tx
    .update(table)
    .set({ deletedAt: new Date() } as never)
    .where(
      inArray(
        table.id,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) await ctx.audit.record(ctx.tx, ctx.actor, { action: 'delete', resource, resourceId: row.id, before: row });
  return rows.length;
}
