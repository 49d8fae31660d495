import { accessCodes, type Endpoint, type Page } from '@macro/contract';
import type { ApiScope, apiScopeSubmit, scopeListQuery } from '@macro/contract/scopes';
import type { Ctx, Tx } from '@macro/store';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest } from '../../platform/errors.ts';
import { assertMenuExists, iso, scopePage, withMenuNames } from './shared.ts';
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

export async function apiScopePage(tx: Tx, query: z.output<typeof scopeListQuery>): Promise<Page<ApiScope>> {
  return scopePage(tx, apiScopes, toRecord, query);
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
