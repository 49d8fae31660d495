import { DATA_SCOPE_TYPE, type ScopeGrantGroup } from '@macro/contract/scopes';
import { rowsOf, type Tx } from '@macro/store';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/errors.ts';
import type { ScopeRule } from './rules.ts';
import { menuRows } from '../menus/lookup.ts';
import { apiScopes, dataScopes, roleApiScopes, roleDataScopes } from './tables.ts';

const list = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The data and API scopes any of these roles grants. */
export async function scopesGrantedTo(tx: Tx, roleIds: readonly number[]): Promise<{ dataScope: number[]; apiScope: number[] }> {
  if (!roleIds.length) return { dataScope: [], apiScope: [] };
  const data = await tx.selectDistinct({ id: roleDataScopes.scopeId }).from(roleDataScopes).where(inArray(roleDataScopes.roleId, [...roleIds]));
  const api = await tx.selectDistinct({ id: roleApiScopes.scopeId }).from(roleApiScopes).where(inArray(roleApiScopes.roleId, [...roleIds]));
  const sorted = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  return { dataScope: sorted(data), apiScope: sorted(api) };
}

/**
 * Makes each role grant exactly these scopes (in the caller's transaction, after it has locked
 * the roles). Every scope must exist in the tenant; the rows are locked against removal meanwhile.
 */
export async function replaceScopeGrants(
  tx: Tx,
  roleIds: readonly number[],
  dataScopeIds: readonly number[],
  apiScopeIds: readonly number[],
): Promise<void> {
  if (dataScopeIds.length) {
    const found = await tx.select({ id: dataScopes.id }).from(dataScopes).where(inArray(dataScopes.id, [...dataScopeIds])).for('key share');
    if (found.length !== dataScopeIds.length) throw badRequest('scopes.grantNotFound');
  }
  if (apiScopeIds.length) {
    const found = await tx.select({ id: apiScopes.id }).from(apiScopes).where(inArray(apiScopes.id, [...apiScopeIds])).for('key share');
    if (found.length !== apiScopeIds.length) throw badRequest('scopes.grantNotFound');
  }
  await tx.delete(roleDataScopes).where(inArray(roleDataScopes.roleId, [...roleIds]));
  await tx.delete(roleApiScopes).where(inArray(roleApiScopes.roleId, [...roleIds]));
  if (dataScopeIds.length) await tx.insert(roleDataScopes).values(roleIds.flatMap((roleId) => dataScopeIds.map((scopeId) => ({ roleId, scopeId }))));
  if (apiScopeIds.length) await tx.insert(roleApiScopes).values(roleIds.flatMap((roleId) => apiScopeIds.map((scopeId) => ({ roleId, scopeId }))));
}

/** SQL: whether any of the roles (a subquery of role ids) holds an API scope naming `code`. */
export function rolesHoldApiScope(roleIds: SQL, code: string): SQL {
  return sql`exists (select 1 from ${roleApiScopes} ras join ${apiScopes} a on a.id = ras.scope_id
    where ras.role_id in (${roleIds}) and a.scope_path = ${code})`;
}

/** The permission codes API scopes grant to these roles. */
export async function apiScopeCodes(tx: Tx, roleIds: readonly number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = rowsOf<{ code: string }>(
    await tx.execute(sql`select distinct a.scope_path as code from ${roleApiScopes} ras join ${apiScopes} a on a.id = ras.scope_id
      where ras.role_id in (${list(roleIds)})`),
  );
  return rows.map((r) => r.code);
}

/** The data scopes on `resourceCode` granted to any role of the user (a role subquery). */
export async function grantedDataScopes(tx: Tx, roleIds: SQL, resourceCode: string): Promise<ScopeRule[]> {
  const rows = rowsOf<{ scope_type: number; scope_column: string; scope_operator: string; scope_values: unknown }>(
    await tx.execute(sql`select distinct ds.id, ds.scope_type, ds.scope_column, ds.scope_operator, ds.scope_values
      from ${roleDataScopes} rds join ${dataScopes} ds on ds.id = rds.scope_id
      where rds.role_id in (${roleIds}) and ds.resource_code = ${resourceCode}`),
  );
  return rows.map((r) => ({
    scopeType: Number(r.scope_type),
    scopeColumn: String(r.scope_column),
    scopeOperator: String(r.scope_operator),
    scopeValues: (Array.isArray(r.scope_values) ? r.scope_values : typeof r.scope_values === 'string' ? JSON.parse(r.scope_values) : []).map(String),
  }));
}

export const needsDepartment = (rules: readonly ScopeRule[]) =>
  rules.some((r) => r.scopeType === DATA_SCOPE_TYPE.ownDept || r.scopeType === DATA_SCOPE_TYPE.deptAndBelow);
export const needsSubtree = (rules: readonly ScopeRule[]) => rules.some((r) => r.scopeType === DATA_SCOPE_TYPE.deptAndBelow);

/** Scopes grouped by their menu (menus in sidebar order), for the grant dialog. */
async function grouped(tx: Tx, scopes: { id: number; menuId: number; scopeName: string; detail: string }[]): Promise<ScopeGrantGroup[]> {
  const menus = await menuRows(tx, [...new Set(scopes.map((s) => s.menuId))]);
  return menus
    .map((menu) => ({
      menuId: menu.id,
      menuName: menu.name,
      i18n: menu.i18n,
      scopes: scopes.filter((s) => s.menuId === menu.id).map(({ id, scopeName, detail }) => ({ id, scopeName, detail })),
    }))
    .filter((group) => group.scopes.length);
}

export async function dataScopeGrantTree(tx: Tx): Promise<ScopeGrantGroup[]> {
  const rows = await tx.select().from(dataScopes).orderBy(asc(dataScopes.id));
  return grouped(
    tx,
    rows.map((r) => ({ id: r.id, menuId: r.menuId, scopeName: r.scopeName, detail: r.resourceCode })),
  );
}

export async function apiScopeGrantTree(tx: Tx): Promise<ScopeGrantGroup[]> {
  const rows = await tx.select().from(apiScopes).orderBy(asc(apiScopes.id));
  return grouped(
    tx,
    rows.map((r) => ({ id: r.id, menuId: r.menuId, scopeName: r.scopeName, detail: r.scopePath })),
  );
}
