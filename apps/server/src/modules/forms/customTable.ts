import type { Page, PageQuery } from '@macro/contract';
import { customTableColumnRefusal, type FieldSchema, type FormDocument, type FormInstance } from '@macro/contract/forms';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { listPage } from '../../platform/list.ts';
import { userNamesOf } from '../users/public.ts';
import { iso } from '../../platform/time.ts';

/*
 * Custom-table form schemes keep their data in a table of their own, `macro_ct_<scheme id>`:
 * one column per field, plus the tenant column, row-level security and grants every tenant
 * table has. Requests may not create tables, so the table is made and widened by the database
 * function macro_custom_table_apply (migration 0026), inside the request's transaction: a
 * refused change leaves neither the scheme nor the table behind.
 */

/** The column type a field is stored in. */
export function columnTypeOf(field: FieldSchema): string {
  switch (field.type) {
    case 'number':
      return 'numeric';
    case 'integer':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'jsonb';
    default:
      return field.format === 'date' ? 'date' : field.format === 'date-time' ? 'timestamptz' : 'text';
  }
}

const PG_NAMES: Record<string, string> = { 'timestamp with time zone': 'timestamptz' };
const tableOf = (schemeId: number) => sql.identifier(`macro_ct_${schemeId}`);

/** The table's current columns and their types (our names for them). */
async function existingColumns(tx: Tx, schemeId: number): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; type: string }>(
    await tx.execute(sql`select column_name as name, data_type as type from information_schema.columns
      where table_schema = 'public' and table_name = ${`macro_ct_${schemeId}`}`),
  );
  return new Map(rows.map((r) => [r.name, PG_NAMES[r.type] ?? r.type]));
}

/**
 * Makes the scheme's table match its document: a column for every field not yet there. A field
 * whose column exists with another type is refused (409) — data already in the column would
 * not survive the change; fields removed from the form keep their columns and data.
 */
export async function applyCustomTable(tx: Tx, schemeId: number, document: FormDocument): Promise<void> {
  const wanted = Object.entries(document.schema.properties).map(([name, field]) => [name, columnTypeOf(field)] as const);
  // The custom-table calls refuse these names in their contract; the plain update reaches here too.
  for (const [name] of wanted) {
    const refusal = customTableColumnRefusal(name);
    if (refusal) throw badRequest(refusal, { field: name });
  }
  const existing = await existingColumns(tx, schemeId);
  const changed = wanted.find(([name, type]) => existing.has(name) && existing.get(name) !== type);
  if (changed) throw conflict('forms.columnTypeFixed', { field: document.schema.properties[changed[0]].title || changed[0] });
  await tx.execute(sql`select macro_custom_table_apply(${schemeId}, ${JSON.stringify(Object.fromEntries(wanted))}::jsonb)`);
}

/** Drops the table of a scheme about to be removed; refused (409) while it holds rows. */
export async function dropCustomTable(tx: Tx, schemeId: number): Promise<void> {
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 from ${tableOf(schemeId)} limit 1) r`));
  if (n > 0) throw conflict('forms.tableHasData');
  await tx.execute(sql`select macro_custom_table_drop(${schemeId})`);
}

const SYSTEM = new Set(['id', 'tenant_id', 'form_version', 'create_user', 'created_at', 'updated_at']);

/** A value as its column takes it. */
function columnValue(field: FieldSchema | undefined, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  const type = field ? columnTypeOf(field) : 'jsonb';
  if (type === 'jsonb') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${String(value)}::${sql.raw(type)}`;
}

interface RowJson {
  id: string;
  form_version: number;
  create_user: number | null;
  created_at: string;
  updated_at: string;
  [column: string]: unknown;
}

async function present(tx: Tx, schemeId: number, rows: readonly RowJson[]): Promise<FormInstance[]> {
  const names = await userNamesOf(
    tx,
    rows.map((r) => r.create_user),
  );
  return rows.map((r) => ({
    primaryKey: r.id,
    schemeId,
    version: r.form_version,
    data: Object.fromEntries(Object.entries(r).filter(([column, value]) => !SYSTEM.has(column) && value !== null)),
    createUserName: r.create_user === null ? '' : (names.get(r.create_user) ?? ''),
    createTime: iso(r.created_at),
    updateTime: iso(r.updated_at),
  }));
}

/** `row_to_json` keeps each column's type (numbers, booleans, ISO dates); read as text so the driver parses it once. */
const asJson = (rows: unknown) => rowsOf<{ doc: string }>(rows).map((r) => JSON.parse(r.doc) as RowJson);

/** Writes a new row of checked data; the audit trail records it like any other change. */
export async function insertRow(ctx: Ctx, schemeId: number, version: number, document: FormDocument, data: Record<string, unknown>): Promise<FormInstance> {
  const names = Object.keys(data);
  const columns = sql.join([sql.identifier('form_version'), ...names.map((n) => sql.identifier(n))], sql`, `);
  const values = sql.join([sql`${version}`, ...names.map((n) => columnValue(document.schema.properties[n], data[n]))], sql`, `);
  const [row] = asJson(await ctx.tx.execute(sql`insert into ${tableOf(schemeId)} as t (${columns}) values (${values}) returning row_to_json(t)::text as doc`));
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'create', resource: 'form-instance', resourceId: row.id, after: data });
  return (await present(ctx.tx, schemeId, [row]))[0];
}

/** A row of the table, locked for the change that follows; 404 when there is none. */
export async function lockedRow(tx: Tx, schemeId: number, key: string): Promise<RowJson> {
  const [row] = asJson(await tx.execute(sql`select row_to_json(t)::text as doc from ${tableOf(schemeId)} t where t.id = ${key}::uuid for update`));
  if (!row) throw notFound('forms.recordNotFound');
  return row;
}

/** Replaces a row's field values (the fields of the current form; columns of removed fields keep theirs). */
export async function updateRow(
  ctx: Ctx,
  schemeId: number,
  key: string,
  version: number,
  document: FormDocument,
  data: Record<string, unknown>,
): Promise<FormInstance> {
  const before = await lockedRow(ctx.tx, schemeId, key);
  const sets = Object.keys(document.schema.properties).map((n) => sql`${sql.identifier(n)} = ${columnValue(document.schema.properties[n], data[n])}`);
  const [row] = asJson(
    await ctx.tx.execute(
      sql`update ${tableOf(schemeId)} as t set ${sql.join([...sets, sql`form_version = ${version}`, sql`updated_at = now()`], sql`, `)}
        where t.id = ${key}::uuid returning row_to_json(t)::text as doc`,
    ),
  );
  await ctx.audit.record(ctx.tx, ctx.actor, { action: 'update', resource: 'form-instance', resourceId: key, before, after: data });
  return (await present(ctx.tx, schemeId, [row]))[0];
}

/** A page of the table's rows, newest first (keyset over the table's own index). */
export async function listRows(tx: Tx, schemeId: number, query: PageQuery & { primaryKey?: string }): Promise<Page<FormInstance>> {
  const where = query.primaryKey ? sql`t.id = ${query.primaryKey}::uuid` : sql`true`;
  const page = await listPage(
    tx,
    {
      table: sql`${tableOf(schemeId)}`,
      where,
      order: ['created_at', 'id'],
      descending: true,
      columns: sql`row_to_json(t)::text as doc`,
      toRecord: (r) => JSON.parse(String(r.doc)) as RowJson,
    },
    query,
  );
  return { ...page, records: await present(tx, schemeId, page.records) };
}
