import type { Page } from '@macro/contract';
import type { DataScope, dataScopeBody, dataScopeUpdate, scopeListQuery } from '@macro/contract/scopes';
import type { Ctx, Tx } from '@macro/store';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import type { DataResource } from '../../platform/dataScope.ts';
import { normaliseScope } from './rules.ts';
import { assertMenuExists, iso, scopePage, withMenuNames } from './shared.ts';
import { dataScopes } from './tables.ts';

const RESOURCE = 'dataScope';
const NOT_FOUND = { message: 'scopes.dataNotFound' };

type Row = typeof dataScopes.$inferSelect;

function toRecord(row: Record<string, unknown>): DataScope {
  return {
    id: Number(row.id),
    menuId: Number(row.menu_id),
    menuName: '',
    resourceCode: String(row.resource_code),
    scopeName: String(row.scope_name),
    scopeColumn: String(row.scope_column),
    scopeType: Number(row.scope_type),
    scopeOperator: String(row.scope_operator),
    scopeValues: ((row.scope_values as unknown[] | null) ?? []).map(String),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: Row): Record<string, unknown> => ({
  id: row.id,
  menu_id: row.menuId,
  resource_code: row.resourceCode,
  scope_name: row.scopeName,
  scope_column: row.scopeColumn,
  scope_type: row.scopeType,
  scope_operator: row.scopeOperator,
  scope_values: row.scopeValues,
  remark: row.remark,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

export async function dataScopePage(tx: Tx, query: z.output<typeof scopeListQuery>): Promise<Page<DataScope>> {
  return scopePage(tx, dataScopes, toRecord, query);
}

export async function dataScopeDetail(tx: Tx, id: number): Promise<DataScope> {
  const row = await findOr404(tx, dataScopes, id, NOT_FOUND);
  const [record] = await withMenuNames(tx, [toRecord(fromRow(row))]);
  return record;
}

type Body = z.output<typeof dataScopeBody>;

function valuesOf(body: Body, resources: ReadonlyMap<string, DataResource>) {
  const rule = normaliseScope(resources.get(body.resourceCode), body);
  return {
    menuId: body.menuId,
    resourceCode: body.resourceCode,
    scopeName: body.scopeName,
    scopeType: rule.scopeType,
    scopeColumn: rule.scopeColumn,
    scopeOperator: rule.scopeOperator,
    scopeValues: [...rule.scopeValues],
    remark: body.remark,
  };
}

export async function saveDataScope(ctx: Ctx, resources: ReadonlyMap<string, DataResource>, body: Body): Promise<DataScope> {
  const values = valuesOf(body, resources);
  await assertMenuExists(ctx.tx, body.menuId);
  const row = await auditedInsert(ctx, dataScopes, RESOURCE, values);
  return dataScopeDetail(ctx.tx, row.id);
}

export async function updateDataScope(ctx: Ctx, resources: ReadonlyMap<string, DataResource>, body: z.output<typeof dataScopeUpdate>): Promise<DataScope> {
  const values = valuesOf(body, resources);
  const before = await findOr404(ctx.tx, dataScopes, body.id, { lock: true, ...NOT_FOUND });
  await assertMenuExists(ctx.tx, body.menuId);
  await auditedUpdate(ctx, dataScopes, RESOURCE, before, { ...values, updatedAt: new Date() });
  return dataScopeDetail(ctx.tx, before.id);
}

/** Removes data scopes; their grants to roles go with them (foreign key). */
export async function removeDataScopes(ctx: Ctx, ids: number[]): Promise<number> {
  const doomed = await lockAll(ctx.tx, dataScopes, ids, NOT_FOUND);
  return auditedDelete(ctx, dataScopes, RESOURCE, doomed);
}
