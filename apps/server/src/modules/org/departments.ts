import type { Page, PageQuery } from '@macro/contract';
import { DEPARTMENT_NATURE_DICT, type Dept, type DeptNode, type DeptTreeNode, type deptSubmit, ORG_ROOT } from '@macro/contract/org';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { withinScope } from '../../platform/dataScope.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { buildTree, childLeftBehind, isSelfOrDescendant, lockTreeMoves, walkDownSql } from '../../platform/tree.ts';
import { countUsersInDepartments, renameUsersDepartment } from '../identity/public.ts';
import { lockCompanyShared } from './companies.ts';
import { dictionaryNames, iso } from './shared.ts';
import { companies, DEPT_TREE, departments } from './tables.ts';

export type DeptInput = z.output<typeof deptSubmit>;

const RESOURCE = 'department';
const NOT_FOUND = { message: 'org.deptNotFound' };

const COLUMNS = sql`t.id, t.company_id, t.parent_id, t.dept_name, t.dept_code, t.full_name, t.dept_type, t.manager,
  t.phone, t.sort, t.remark, t.created_at, t.updated_at,
  coalesce(c.company_name, '') as company_name, coalesce(p.dept_name, '') as parent_name,
  exists (select 1 from ${departments} d where d.parent_id = t.id) as has_children`;
const JOINS = sql`left join ${companies} c on c.id = t.company_id left join ${departments} p on p.id = t.parent_id`;

function toDept(row: Record<string, unknown>, types: Map<string, string>): Dept {
  const deptType = String(row.dept_type);
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    companyName: String(row.company_name),
    parentId: Number(row.parent_id),
    parentName: String(row.parent_name),
    deptName: String(row.dept_name),
    deptCode: String(row.dept_code),
    fullName: String(row.full_name),
    deptType,
    deptTypeName: types.get(deptType) ?? '',
    manager: String(row.manager),
    phone: String(row.phone),
    sort: Number(row.sort),
    remark: String(row.remark),
    hasChildren: Boolean(row.has_children),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

async function deptsWhere(tx: Tx, where: SQL): Promise<Dept[]> {
  const types = await dictionaryNames(tx, DEPARTMENT_NATURE_DICT);
  const rows = rowsOf(await tx.execute(sql`select ${COLUMNS} from ${departments} t ${JOINS} where ${where} order by t.sort, t.id`));
  return rows.map((row) => toDept(row, types));
}

/** One department; outside the caller's data scope (`scope`, on `t`) it does not exist (404). */
export async function deptDetail(tx: Tx, id: number, scope: SQL = sql`true`): Promise<Dept> {
  const [found] = await deptsWhere(tx, sql`t.id = ${id} and ${scope}`);
  if (!found) throw notFound('org.deptNotFound');
  return found;
}

/**
 * The name of the department `id` for another module to store beside its reference (users keep
 * `dept_name`), or null when the tenant has no such department (another tenant's is invisible).
 * The row is key-share locked, so it cannot be removed before the caller's transaction ends.
 */
export async function departmentNameForReference(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx.select({ deptName: departments.deptName }).from(departments).where(eq(departments.id, id)).for('key share');
  return row ? row.deptName : null;
}

/** The names of departments `ids` for another module to show beside its references (missing ones are absent). */
export async function departmentNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: departments.id, deptName: departments.deptName })
    .from(departments)
    .where(inArray(departments.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.deptName]));
}

/** A page of departments narrowed by the caller's data scope (`scope`, on `t`). */
export async function listDepts(tx: Tx, query: PageQuery & { deptName?: string; companyId?: number }, scope: SQL = sql`true`): Promise<Page<Dept>> {
  const types = await dictionaryNames(tx, DEPARTMENT_NATURE_DICT);
  const parts = [
    scope,
    query.deptName ? sql`t.dept_name ilike ${containing(query.deptName)}` : undefined,
    query.companyId ? sql`t.company_id = ${query.companyId}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return listPage(
    tx,
    {
      table: sql`${departments}`,
      where: parts.length ? sql.join(parts, sql` and `) : sql`true`,
      order: ['sort', 'id'],
      columns: COLUMNS,
      joins: JOINS,
      toRecord: (row) => toDept(row, types),
    },
    query,
  );
}

/** Direct children of `parentId` (0: top departments, of one company when given) inside the caller's data scope. */
export function lazyDepts(tx: Tx, parentId: number, companyId?: number, scope: SQL = sql`true`): Promise<Dept[]> {
  return deptsWhere(tx, sql`t.parent_id = ${parentId} ${companyId ? sql`and t.company_id = ${companyId}` : sql``} and ${scope}`);
}

const toTreeNode = (d: Dept): DeptTreeNode => ({
  id: d.id,
  parentId: d.parentId,
  companyId: d.companyId,
  title: d.deptName,
  key: d.id,
  value: d.id,
  hasChildren: d.hasChildren,
  children: [],
});

/**
 * The departments (of one company when given) inside the caller's data scope as a tree; one whose
 * parent lies outside the scope stands at the top.
 */
export async function deptTree(tx: Tx, companyId?: number, scope: SQL = sql`true`): Promise<DeptTreeNode[]> {
  const rows = await deptsWhere(tx, sql`${companyId ? sql`t.company_id = ${companyId}` : sql`true`} and ${scope}`);
  return buildTree(rows, toTreeNode, { id: (d) => d.id, parentId: (d) => d.parentId });
}

export async function lazyDeptTree(tx: Tx, parentId: number, companyId?: number, scope: SQL = sql`true`): Promise<DeptTreeNode[]> {
  return (await lazyDepts(tx, parentId, companyId, scope)).map(toTreeNode);
}

/** The departments of a company as a tree of whole records (the tree table). */
export async function companyDeptTree(tx: Tx, companyId: number, scope: SQL = sql`true`): Promise<DeptNode[]> {
  await findOr404(tx, companies, companyId, { message: 'org.companyNotFound' });
  const rows = await deptsWhere(tx, sql`t.company_id = ${companyId} and ${scope}`);
  return buildTree(rows, (d): DeptNode => ({ ...d, children: [] }), { id: (d) => d.id, parentId: (d) => d.parentId });
}

/** Every department inside the caller's data scope, as rows (for the combined organisation trees). */
export function allDepts(tx: Tx, scope: SQL = sql`true`): Promise<Dept[]> {
  return deptsWhere(tx, scope);
}

async function assertType(tx: Tx, key: string): Promise<void> {
  if (key === '') return;
  if (!(await dictionaryNames(tx, DEPARTMENT_NATURE_DICT)).has(key)) throw badRequest('org.deptTypeInvalid', { key });
}

/**
 * Creates (no id) or updates a department. Its company is locked (shared) so the company cannot
 * be removed meanwhile; its parent must be a department of the same company and not itself or
 * below it.
 */
export async function submitDept(ctx: Ctx, input: DeptInput, scope?: SQL): Promise<Dept> {
  const { tx } = ctx;
  await assertType(tx, input.deptType);
  await lockCompanyShared(tx, input.companyId);
  if (input.deptCode !== '') {
    await assertUnique(tx, departments, and(eq(departments.companyId, input.companyId), eq(departments.deptCode, input.deptCode)), {
      exceptId: input.id,
      message: 'org.deptCodeExists',
      params: { code: input.deptCode },
    });
  }
  const { id, ...values } = input;
  // The tree lock comes before the row lock (as for companies): opposite moves must not deadlock.
  if (id !== undefined) await lockTreeMoves(tx, DEPT_TREE);
  // A department outside the caller's data scope is not found (404), as another tenant's.
  const before =
    id === undefined ? undefined : await findOr404(tx, departments, id, { lock: true, ...NOT_FOUND, where: scope && withinScope(departments, scope) });
  const moves = !before || before.parentId !== input.parentId || before.companyId !== input.companyId;
  if (input.parentId !== ORG_ROOT && moves) {
    const [parent] = await tx.select().from(departments).where(eq(departments.id, input.parentId)).for('share');
    if (!parent) throw notFound('org.parentDeptNotFound');
    if (parent.companyId !== input.companyId) throw badRequest('org.parentDeptOtherCompany');
    if (id !== undefined && (await isSelfOrDescendant(tx, DEPT_TREE, id, input.parentId))) throw conflict('org.deptCycle');
  }
  if (before && before.companyId !== input.companyId) {
    const [child] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.parentId, before.id)).limit(1);
    if (child) throw conflict('org.deptCompanyFixed');
  }
  if (!before) return deptDetail(tx, (await auditedInsert(ctx, departments, RESOURCE, values)).id);
  await auditedUpdate(ctx, departments, RESOURCE, before, { ...values, updatedAt: new Date() });
  // Users keep their department's name beside its id: a rename reaches them in the same transaction.
  if (before.deptName !== values.deptName) await renameUsersDepartment(tx, before.id, values.deptName);
  return deptDetail(tx, before.id);
}

/** Deletes departments: refused when one has sub-departments outside the set, or users. */
export async function removeDepts(ctx: Ctx, ids: number[], scope?: SQL): Promise<number> {
  const { tx } = ctx;
  const doomed = await lockAll(tx, departments, [...new Set(ids)], { ...NOT_FOUND, where: scope && withinScope(departments, scope) });
  const orphan = await childLeftBehind(tx, DEPT_TREE, ids);
  if (orphan) throw conflict('org.deptHasChildren', { name: doomed.find((d) => d.id === orphan.parentId)!.deptName });
  const users = await countUsersInDepartments(tx, ids);
  const staffed = doomed.find((d) => (users.get(d.id) ?? 0) > 0);
  if (staffed) throw conflict('org.deptHasUsers', { name: staffed.deptName, count: users.get(staffed.id)! });
  return auditedDelete(ctx, departments, RESOURCE, doomed);
}

/**
 * SQL: a query of one column `id`, the department `root` (a scalar expression; nothing when
 * null) and every department below it: what "department and below" data scopes compare a row's
 * department against, embedded by the caller in its own statement (one walk per request, not per row).
 */
export function deptSubtreeSql(root: SQL): SQL {
  return walkDownSql(departments, sql`select t.id from ${departments} t where t.id = ${root}`);
}
