import type { Page } from '@macro/contract';
import type { Asset, assetBody, assetListQuery } from '@macro/contract/assets';
import type { Ctx, Tx } from '@macro/store';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { withinScope } from '../../platform/dataScope.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { departmentNameForReference, departmentNames } from '../org/public.ts';
import { usersByIds } from '../users/public.ts';
import { assets } from './tables.ts';
import { iso } from '../../platform/time.ts';

type Input = z.output<typeof assetBody>;
type Query = z.output<typeof assetListQuery>;
type Row = typeof assets.$inferSelect;

const RESOURCE = 'asset';
const NOT_FOUND = { message: 'assets.notFound' };
const COLUMNS = sql`t.*`;
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));
const intOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const fromSql = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  tenantId: String(r.tenant_id),
  assetCode: String(r.asset_code),
  assetName: String(r.asset_name),
  category: String(r.category),
  model: String(r.model),
  quantity: Number(r.quantity),
  unitPrice: String(r.unit_price),
  purchaseDate: r.purchase_date === null || r.purchase_date === undefined ? null : String(r.purchase_date).slice(0, 10),
  deptId: intOrNull(r.dept_id),
  custodianId: intOrNull(r.custodian_id),
  location: String(r.location),
  remark: String(r.remark),
  status: String(r.status),
  submittedAt: r.submitted_at === null || r.submitted_at === undefined ? null : new Date(String(r.submitted_at)),
  createUser: intOrNull(r.create_user),
  createdAt: new Date(String(r.created_at)),
  updatedAt: new Date(String(r.updated_at)),
});

/** Rows with the names of their departments and custodians, read from their domains. */
async function present(tx: Tx, rows: readonly Row[]): Promise<Asset[]> {
  const deptIds = [...new Set(rows.flatMap((r) => (r.deptId === null ? [] : [r.deptId])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.custodianId === null ? [] : [r.custodianId])))];
  const [depts, people] = await Promise.all([departmentNames(tx, deptIds), usersByIds(tx, userIds)]);
  const names = new Map(people.map((u) => [u.id, u.name]));
  return rows.map((r) => {
    // Fen, to keep the product exact.
    const fen = Math.round(Number(r.unitPrice) * 100);
    return {
      id: r.id,
      assetCode: r.assetCode,
      assetName: r.assetName,
      category: r.category,
      model: r.model,
      quantity: r.quantity,
      unitPrice: fen / 100,
      amount: (fen * r.quantity) / 100,
      purchaseDate: r.purchaseDate ?? '',
      deptId: r.deptId,
      deptName: r.deptId === null ? '' : (depts.get(r.deptId) ?? ''),
      custodianId: r.custodianId,
      custodianName: r.custodianId === null ? '' : (names.get(r.custodianId) ?? ''),
      location: r.location,
      remark: r.remark,
      status: r.status as Asset['status'],
      submitTime: isoOrNull(r.submittedAt),
      createTime: iso(r.createdAt),
      updateTime: iso(r.updatedAt),
    };
  });
}

/** A page of assets inside the caller's data scope (`scope`, on `t`), newest first. */
export async function listAssets(tx: Tx, query: Query, scope: SQL): Promise<Page<Asset>> {
  const parts = [
    scope,
    query.assetCode ? sql`t.asset_code ilike ${containing(query.assetCode)}` : undefined,
    query.assetName ? sql`t.asset_name ilike ${containing(query.assetName)}` : undefined,
    query.status ? sql`t.status = ${query.status}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const page = await listPage(
    tx,
    { table: sql`${assets}`, where: sql.join(parts, sql` and `), order: ['id'], descending: true, columns: COLUMNS, toRecord: fromSql },
    query,
  );
  return { ...page, records: await present(tx, page.records) };
}

export async function assetDetail(tx: Tx, id: number, scope: SQL): Promise<Asset> {
  const [asset] = await present(tx, [await findOr404(tx, assets, id, { ...NOT_FOUND, where: withinScope(assets, scope) })]);
  return asset;
}

/** The department and custodian must exist in the tenant; the department is held (key share) till the write commits. */
async function assertReferences(tx: Tx, input: Input): Promise<void> {
  if (input.deptId !== null && (await departmentNameForReference(tx, input.deptId)) === null) throw unprocessable('assets.deptMissing');
  if (input.custodianId !== null && !(await usersByIds(tx, [input.custodianId])).length) throw unprocessable('assets.custodianMissing');
}

/**
 * Saves the asset: a new draft, or the draft `input.id` changed (locked, inside the caller's
 * scope, still a draft); with `submit`, submitted in the same transaction. Returns its id.
 */
async function write(ctx: Ctx, input: Input, scope: SQL, submit: boolean): Promise<number> {
  const { tx } = ctx;
  const { id, ...fields } = input;
  await assertUnique(tx, assets, eq(assets.assetCode, fields.assetCode), { exceptId: id, message: 'assets.codeExists', params: { code: fields.assetCode } });
  await assertReferences(tx, input);
  const values = {
    ...fields,
    unitPrice: fields.unitPrice.toFixed(2),
    purchaseDate: fields.purchaseDate === '' ? null : fields.purchaseDate,
    ...(submit ? { status: 'submitted', submittedAt: new Date() } : {}),
  };
  if (id === undefined) return (await auditedInsert(ctx, assets, RESOURCE, values)).id;
  const before = await findOr404(tx, assets, id, { lock: true, ...NOT_FOUND, where: withinScope(assets, scope) });
  if (before.status !== 'draft') throw conflict('assets.submitted', { name: before.assetName });
  await auditedUpdate(ctx, assets, RESOURCE, before, { ...values, updatedAt: new Date() });
  return id;
}

export const saveAsset = (ctx: Ctx, input: Input, scope: SQL) => write(ctx, input, scope, false);
export const submitAsset = (ctx: Ctx, input: Input, scope: SQL) => write(ctx, input, scope, true);

/** Deletes drafts; a submitted asset among them refuses the lot. */
export async function removeAssets(ctx: Ctx, ids: number[], scope: SQL): Promise<number> {
  const rows = await lockAll(ctx.tx, assets, [...new Set(ids)], { ...NOT_FOUND, where: withinScope(assets, scope) });
  const submitted = rows.find((r) => r.status !== 'draft');
  if (submitted) throw conflict('assets.submitted', { name: submitted.assetName });
  return auditedDelete(ctx, assets, RESOURCE, rows);
}
