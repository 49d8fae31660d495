import { accessCodes, type Endpoint, type Page } from '@macro/contract';
import type { ApiScope, apiScopeSubmit, scopeListQuery } from '@macro/contract/scopes';
import type { Ctx, Tx } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { assertMenuExists, iso, menuNames } from './shared.ts';
import { apiScopes } from './tables.ts';

const RESOURCE = 'apiScope';
const NOT_FOUND = { message: 'scopes.apiNotFound' };

type Row = typeof apiScopes.$inferSelect;

function toRecord(row: Record<string, unknown>): ApiScope {
  return {
    id: Number(row.id),
    menuId: Number(row.menu_id),
    menuName: '',
    resourceCode: String(row.resource_code),
    scopeName: String(row.scope_name),
    scopePath: String(row.scope_path),
    scopeType: Number(row.scope_type),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: Row): ApiScope => ({
  id: row.id,
  menuId: row.menuId,
  menuName: '',
  resourceCode: row.resourceCode,
  scopeName: row.scopeName,
  scopePath: row.scopePath,
  scopeType: row.scopeType,
  remark: row.remark,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

async function withMenuNames(tx: Tx, records: ApiScope[]): Promise<ApiScope[]> {
  const names = await menuNames(
    tx,
    records.map((r) => r.menuId),
  );
  return records.map((r) => ({ ...r, menuName: names.get(r.menuId) ?? '' }));
}

export async function apiScopePage(tx: Tx, query: z.output<typeof scopeListQuery>): Promise<Page<ApiScope>> {
  const parts: SQL[] = [
    sql`true`,
    ...(query.menuId ? [sql`t.menu_id = ${query.menuId}`] : []),
    ...(query.scopeName ? [sql`t.scope_name ilike ${containing(query.scopeName)}`] : []),
    ...(query.resourceCode ? [sql`t.resource_code ilike ${containing(query.resourceCode)}`] : []),
  ];
  const page = await listPage(tx, { table: sql`${apiScopes}`, where: sql.join(parts, sql` and `), order: ['id'], columns: sql`t.*`, toRecord }, query);
  return { ...page, records: await withMenuNames(tx, page.records) };
}

export async function apiScopeDetail(tx: Tx, id: number): Promise<ApiScope> {
  const [record] = await withMenuNames(tx, [fromRow(await findOr404(tx, apiScopes, id, NOT_FOUND))]);
  return record;
}

/** The permission codes the server's routes declare: the only codes an API scope may name. */
export function declaredCodes(endpoints: readonly Endpoint[]): Set<string> {
  return new Set(endpoints.flatMap((e) => accessCodes(e.access)));
}

/** Creates (no id) or updates an API scope naming a code some route declares. */
export async function submitApiScope(ctx: Ctx, codes: ReadonlySet<string>, body: z.output<typeof apiScopeSubmit>): Promise<ApiScope> {
  if (!codes.has(body.scopePath)) throw badRequest('scopes.pathUnknown', { code: body.scopePath });
  const { id, ...values } = body;
  const before = id === undefined ? undefined : await findOr404(ctx.tx, apiScopes, id, { lock: true, ...NOT_FOUND });
  await assertMenuExists(ctx.tx, body.menuId);
  if (!before) return apiScopeDetail(ctx.tx, (await auditedInsert(ctx, apiScopes, RESOURCE, values)).id);
  await auditedUpdate(ctx, apiScopes, RESOURCE, before, { ...values, updatedAt: new Date() });
  return apiScopeDetail(ctx.tx, before.id);
}

/** Removes API scopes; their grants to roles go with them (foreign key). */
export async function removeApiScopes(ctx: Ctx, ids: number[]): Promise<number> {
  const doomed = await lockAll(ctx.tx, apiScopes, ids, NOT_FOUND);
  return auditedDelete(ctx, apiScopes, RESOURCE, doomed);
}
