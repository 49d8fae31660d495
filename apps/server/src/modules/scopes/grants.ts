import { DATA_SCOPE_TYPE, type ScopeGrantGroup } from '@macro/contract/scopes';
import { executePrepared, jsonOf, rowsOf, type Tx } from '@macro/store';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/errors.ts';
import type { ScopeRule } from './rules.ts';
import { menuRows } from '../menus/public.ts';
import { apiScopes, dataScopes, roleApiScopes, roleDataScopes, userDataScopes } from './tables.ts';

const list = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The data and API scopes any of these roles grants. */
export async function scopesGrantedTo(tx: Tx, roleIds: readonly number[]): Promise<{ dataScope: number[]; apiScope: number[] }> {
  if (!roleIds.length) return { dataScope: [], apiScope: [] };
  const data = await tx
    .selectDistinct({ id: roleDataScopes.scopeId })
    .from(roleDataScopes)
    .where(inArray(roleDataScopes.roleId, [...roleIds]));
  const api = await tx
    .selectDistinct({ id: roleApiScopes.scopeId })
    .from(roleApiScopes)
    .where(inArray(roleApiScopes.roleId, [...roleIds]));
  const sorted = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  return { dataScope: sorted(data), apiScope: sorted(api) };
}

/**
 * Makes each role grant exactly these scopes (in the caller's transaction, after it has locked
 * the roles). Every scope must exist in the tenant; the rows are locked against removal meanwhile.
 */
export async function replaceScopeGrants(tx: Tx, roleIds: readonly number[], dataScopeIds: readonly number[], apiScopeIds: readonly number[]): Promise<void> {
  if (dataScopeIds.length) {
    const found = await tx
      .select({ id: dataScopes.id })
      .from(dataScopes)
      .where(inArray(dataScopes.id, [...dataScopeIds]))
      .for('key share');
    if (found.length !== dataScopeIds.length) throw badRequest('scopes.grantNotFound');
  }
  if (apiScopeIds.length) {
    const found = await tx
      .select({ id: apiScopes.id })
      .from(apiScopes)
      .where(inArray(apiScopes.id, [...apiScopeIds]))
      .for('key share');
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

/** A rule's values as the driver returns the jsonb (parsed, or as text). */
const valuesOf = (v: unknown): string[] => {
  const values = jsonOf(v);
  return Array.isArray(values) ? values.map(String) : [];
};

/**
 * SQL: the ids of the data scopes a user holds, through any of their roles (a subquery of role
 * ids) or granted to them directly (data authorisation per menu for a user).
 */
export function heldScopeIdsSql(roleIds: SQL, userId: SQL): SQL {
  return sql`select rds.scope_id from ${roleDataScopes} rds where rds.role_id in (${roleIds})
    union all select uds.scope_id from ${userDataScopes} uds where uds.user_id = ${userId}`;
}

/** What a user's data scopes on a resource resolve to: the rules, their department, its subtree. */
export interface ResolvedScopes {
  rules: ScopeRule[];
  deptId: number | null;
  /** The department and those below it; empty unless a "department and below" rule is held. */
  subtree: number[];
}

/**
 * SQL, one row (rules, dept_id, subtree): the data scopes on `resourceCode` of `tenantId` the
 * user holds (`scopeIds`, a subquery: `heldScopeIdsSql`), the user's department (`deptId`, a
 * scalar subquery, read only when an "own department" or "department and below" rule is held)
 * and, only when a "department and below" rule is held, the department's subtree
 * (`subtreeOf(root)`: a query of ids, walking nothing when `root` is null).
 */
export function dataScopesSql(scopeIds: SQL, tenantId: string, resourceCode: string, deptId: SQL, subtreeOf: (root: SQL) => SQL): SQL {
  const { ownDept, deptAndBelow } = DATA_SCOPE_TYPE;
  return sql`
    with rules as materialized (
      select distinct ds.id, ds.scope_type, ds.scope_column, ds.scope_operator, ds.scope_values
      from ${dataScopes} ds
      where ds.id in (${scopeIds}) and ds.tenant_id = ${tenantId} and ds.resource_code = ${resourceCode}
    ),
    subject as materialized (
      select ${deptId} as dept_id where exists (select 1 from rules where scope_type in (${ownDept}, ${deptAndBelow}))
    )
    select
      (select coalesce(json_agg(json_build_object('type', scope_type, 'column', scope_column, 'operator', scope_operator,
        'values', scope_values) order by id), '[]'::json) from rules) as rules,
      (select dept_id from subject) as dept_id,
      (select coalesce(json_agg(below.id order by below.id), '[]'::json) from (${subtreeOf(
        sql`(select dept_id from subject where exists (select 1 from rules where scope_type = ${deptAndBelow}))`,
      )}) below) as subtree`;
}

/**
 * SQL: a JSON object giving, for each of `codes`, its `dataScopesSql` row, for a request's
 * first statement (`resolvedScopesOf` reads each value).
 */
export function dataScopesByCodeSql(codes: readonly string[], scopesOf: (code: string) => SQL): SQL {
  if (!codes.length) return sql`'{}'::json`;
  return sql`json_build_object(${sql.join(
    codes.map(
      (code) => sql`${code}::text, (select json_build_object('rules', r.rules, 'dept_id', r.dept_id, 'subtree', r.subtree) from (${scopesOf(code)}) r)`,
    ),
    sql`, `,
  )})`;
}

/** A `dataScopesSql` row (or its JSON object) as rules, department and subtree; nothing held when absent. */
export function resolvedScopesOf(value: unknown): ResolvedScopes {
  const row = jsonOf<{ rules?: unknown; dept_id?: unknown; subtree?: unknown } | null>(value) ?? {};
  const rules = jsonOf<{ type: unknown; column: unknown; operator: unknown; values: unknown }[] | null>(row.rules) ?? [];
  return {
    rules: rules.map((r) => ({
      scopeType: Number(r.type),
      scopeColumn: String(r.column),
      scopeOperator: String(r.operator),
      scopeValues: valuesOf(r.values),
    })),
    deptId: row.dept_id === null || row.dept_id === undefined ? null : Number(row.dept_id),
    subtree: (jsonOf<unknown[] | null>(row.subtree) ?? []).map(Number),
  };
}

/** `dataScopesSql` run on its own (after a write, or for a resource the route did not declare). */
export async function resolveDataScopes(tx: Tx, scopes: SQL): Promise<ResolvedScopes> {
  // Prepared: one text per resource shape, planned once per connection (lookups by key only).
  const [row] = rowsOf(await executePrepared(tx, scopes));
  return resolvedScopesOf(row);
}

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

/** The data scopes granted to this user directly (not through roles). */
export async function userScopeIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx.select({ id: userDataScopes.scopeId }).from(userDataScopes).where(sql`${userDataScopes.userId} = ${userId}`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Makes the object (one role or one user) hold exactly `keep` among `within` (scope ids; null:
 * all scopes), leaving its other scopes. The caller checked the object and the scopes.
 */
export async function replaceObjectScopes(
  tx: Tx,
  object: { kind: 'role' | 'user'; id: number },
  within: readonly number[] | null,
  keep: readonly number[],
): Promise<void> {
  const [table, column] = object.kind === 'role' ? [roleDataScopes, roleDataScopes.roleId] : [userDataScopes, userDataScopes.userId];
  const scopeColumn = object.kind === 'role' ? roleDataScopes.scopeId : userDataScopes.scopeId;
  if (within === null) await tx.delete(table).where(sql`${column} = ${object.id}`);
  else if (within.length) await tx.delete(table).where(sql`${column} = ${object.id} and ${scopeColumn} in (${list(within)})`);
  if (!keep.length) return;
  if (object.kind === 'role') await tx.insert(roleDataScopes).values(keep.map((scopeId) => ({ roleId: object.id, scopeId })));
  else await tx.insert(userDataScopes).values(keep.map((scopeId) => ({ userId: object.id, scopeId })));
}

/** Data scopes of the tenant (locked against removal until the transaction ends), with their menus. */
export async function lockScopes(tx: Tx, ids: readonly number[]): Promise<{ id: number; menuId: number; scopeName: string }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: dataScopes.id, menuId: dataScopes.menuId, scopeName: dataScopes.scopeName })
    .from(dataScopes)
    .where(inArray(dataScopes.id, [...ids]))
    .for('key share');
}

/** Every data scope of the tenant, in id order, as the per-menu grant lists them. */
export async function allDataScopes(tx: Tx) {
  return tx
    .select({
      id: dataScopes.id,
      menuId: dataScopes.menuId,
      scopeName: dataScopes.scopeName,
      resourceCode: dataScopes.resourceCode,
      scopeType: dataScopes.scopeType,
    })
    .from(dataScopes)
    .orderBy(asc(dataScopes.id));
}
