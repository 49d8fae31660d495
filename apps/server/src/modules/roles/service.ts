import type { Page, PageQuery } from '@macro/contract';
import { ADMIN_ROLE_ALIAS, ROLE_ROOT, type RoleNode, type RoleRecord, type RoleTreeNode, type roleSubmit } from '@macro/contract/roles';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { buildTree, childLeftBehind, placeInTree, subtreeIds, type TreeTable } from '../../platform/tree.ts';
import { holderCounts } from '../identity/public.ts';
import { roles } from '../identity/public.ts';
import { iso } from '../../platform/time.ts';

export type RoleInput = z.output<typeof roleSubmit>;
export interface RoleSearch {
  roleName?: string;
  roleAlias?: string;
}

const RESOURCE = 'role';
const NOT_FOUND = { message: 'roles.notFound' };
const ROLE_TREE: TreeTable<typeof roles> = { table: roles, root: ROLE_ROOT };

const ROLE_COLUMNS = sql`t.id, t.parent_id, t.role_name, t.role_alias, t.sort, t.remark, t.created_at, t.updated_at,
  coalesce(p.role_name, '') as parent_name`;
const ROLE_JOINS = sql`left join ${roles} p on p.id = t.parent_id`;

function toRecord(row: Record<string, unknown>): RoleRecord {
  return {
    id: Number(row.id),
    parentId: Number(row.parent_id),
    parentName: String(row.parent_name),
    roleName: String(row.role_name),
    roleAlias: String(row.role_alias),
    sort: Number(row.sort),
    remark: String(row.remark),
    userCount: 0,
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

function matching(search: RoleSearch): SQL {
  const parts = [
    sql`true`,
    search.roleName ? sql`t.role_name ilike ${containing(search.roleName)}` : undefined,
    search.roleAlias ? sql`t.role_alias ilike ${containing(search.roleAlias)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return sql.join(parts, sql` and `);
}

async function withUserCounts(tx: Tx, records: RoleRecord[]): Promise<RoleRecord[]> {
  const counts = await holderCounts(
    tx,
    records.map((r) => r.id),
  );
  return records.map((r) => ({ ...r, userCount: counts.get(r.id) ?? 0 }));
}

async function recordsWhere(tx: Tx, where: SQL): Promise<RoleRecord[]> {
  const rows = rowsOf(await tx.execute(sql`select ${ROLE_COLUMNS} from ${roles} t ${ROLE_JOINS} where ${where} order by t.sort, t.id`));
  return withUserCounts(tx, rows.map(toRecord));
}

/** Every role (or the matches), as a tree; a match whose parent does not match sits at the top. */
export async function roleList(tx: Tx, search: RoleSearch): Promise<RoleNode[]> {
  const records = await recordsWhere(tx, matching(search));
  return buildTree(records, (r): RoleNode => ({ ...r, children: [] }), { id: (r) => r.id, parentId: (r) => r.parentId });
}

export async function allRoles(tx: Tx): Promise<RoleRecord[]> {
  return recordsWhere(tx, sql`true`);
}

export async function rolePage(tx: Tx, query: PageQuery & RoleSearch): Promise<Page<RoleRecord>> {
  const page = await listPage(
    tx,
    { table: sql`${roles}`, where: matching(query), order: ['sort', 'id'], columns: ROLE_COLUMNS, joins: ROLE_JOINS, toRecord },
    query,
  );
  return { ...page, records: await withUserCounts(tx, page.records) };
}

export async function roleDetail(tx: Tx, id: number): Promise<RoleRecord> {
  const [record] = await recordsWhere(tx, sql`t.id = ${id}`);
  if (!record) throw notFound('roles.notFound');
  return record;
}

async function treeRows(tx: Tx) {
  return tx.select({ id: roles.id, parentId: roles.parentId, roleName: roles.roleName }).from(roles).orderBy(asc(roles.sort), asc(roles.id));
}

type TreeRow = Awaited<ReturnType<typeof treeRows>>[number];

function toTree(rows: TreeRow[]): RoleTreeNode[] {
  return buildTree(rows, (r): RoleTreeNode => ({ id: r.id, parentId: r.parentId, title: r.roleName, key: r.id, value: r.id, children: [] }), {
    id: (r) => r.id,
    parentId: (r) => r.parentId,
  });
}

/** The tenant's role tree; a tenant id other than the caller's own shows nothing. */
export async function roleTree(tx: Tx, ownTenant: string, tenantId?: string): Promise<RoleTreeNode[]> {
  if (tenantId && tenantId !== ownTenant) return [];
  return toTree(await treeRows(tx));
}

/** The tree without the role and its descendants: where it may move. */
export async function roleTreeWithout(tx: Tx, roleId: number): Promise<RoleTreeNode[]> {
  await findOr404(tx, roles, roleId, NOT_FOUND);
  const rows = await treeRows(tx);
  const excluded = subtreeIds(rows, roleId, { id: (r) => r.id, parentId: (r) => r.parentId });
  return toTree(rows.filter((r) => !excluded.has(r.id)));
}

/**
 * Creates (no id) or updates a role. The alias is unique in the tenant; a parent must exist
 * and may not be the role itself or one of its descendants. Roles are locked in tree order of
 * the change, so two moves that would together make a cycle cannot both pass.
 */
export async function submitRole(ctx: Ctx, input: RoleInput): Promise<RoleRecord> {
  const { tx } = ctx;
  await placeInTree(tx, ROLE_TREE, input, { parentNotFound: () => unprocessable('roles.parentNotFound'), cycle: () => unprocessable('roles.parentCycle') });
  await assertUnique(tx, roles, eq(roles.roleAlias, input.roleAlias), {
    exceptId: input.id,
    message: 'roles.aliasExists',
    params: { alias: input.roleAlias },
  });
  const values = {
    parentId: input.parentId,
    roleName: input.roleName,
    roleAlias: input.roleAlias,
    sort: input.sort,
    remark: input.remark,
  };
  if (input.id === undefined) {
    const row = await auditedInsert(ctx, roles, RESOURCE, values);
    return roleDetail(tx, row.id);
  }
  const before = await findOr404(tx, roles, input.id, { lock: true, ...NOT_FOUND });
  if (before.roleAlias === ADMIN_ROLE_ALIAS && input.roleAlias !== ADMIN_ROLE_ALIAS) throw unprocessable('roles.adminFixed');
  await auditedUpdate(ctx, roles, RESOURCE, before, { ...values, updatedAt: new Date() });
  return roleDetail(tx, input.id);
}

/** Removes roles; the administrator role, roles users hold and roles with other children are refused. */
export async function removeRoles(ctx: Ctx, ids: number[]): Promise<number> {
  const { tx } = ctx;
  const doomed = await lockAll(tx, roles, ids, NOT_FOUND);
  const admin = doomed.find((role) => role.roleAlias === ADMIN_ROLE_ALIAS);
  if (admin) throw unprocessable('roles.adminFixed');
  // Read after the locks: a grant of these roles has committed, or waits and then fails.
  const counts = await holderCounts(tx, ids);
  const held = doomed.find((role) => (counts.get(role.id) ?? 0) > 0);
  if (held) throw unprocessable('roles.hasUsers', { name: held.roleName, count: counts.get(held.id) ?? 0 });
  const orphan = await childLeftBehind(tx, ROLE_TREE, ids);
  if (orphan) throw unprocessable('roles.hasChildren', { name: doomed.find((r) => r.id === orphan.parentId)!.roleName });
  return auditedDelete(ctx, roles, RESOURCE, doomed);
}

/** Whether the role exists (404 otherwise). */
export async function findRole(tx: Tx, id: number) {
  return findOr404(tx, roles, id, NOT_FOUND);
}
