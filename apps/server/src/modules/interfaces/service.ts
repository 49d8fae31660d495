import { accessCodes, API_PREFIX, type Endpoint, type Page, type PageQuery } from '@macro/contract';
import {
  type InterfaceCategory,
  type InterfaceCategoryNode,
  type InterfaceInfo,
  type interfaceCategorySubmit,
  type interfaceInfoSubmit,
  OPEN_PREFIX,
  type ProductOperation,
} from '@macro/contract/interfaces';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { iso } from '../../platform/time.ts';
import { buildTree, placeInTree, type TreeTable, walkDownSql } from '../../platform/tree.ts';
import { dataSources } from '../datasources/public.ts';
import { userNamesOf } from '../users/public.ts';
import { interfaceCalls, interfaceCategories, interfaces } from './tables.ts';

export type InterfaceInput = z.output<typeof interfaceInfoSubmit>;
export type CategoryInput = z.output<typeof interfaceCategorySubmit>;

const NOT_FOUND = { message: 'interfaces.notFound' };
const CATEGORY_NOT_FOUND = { message: 'interfaces.categoryNotFound' };
const TREE: TreeTable<typeof interfaceCategories> = { table: interfaceCategories, root: 0 };

// ---------------------------------------------------------------- categories

const toCategory = (row: typeof interfaceCategories.$inferSelect): InterfaceCategory => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  sort: row.sort,
  createTime: iso(row.createdAt),
});

type CategoryNode = InterfaceCategory & { children: CategoryNode[] };

export async function categoryTree(tx: Tx): Promise<InterfaceCategoryNode[]> {
  const rows = await tx.select().from(interfaceCategories).orderBy(asc(interfaceCategories.sort), asc(interfaceCategories.id));
  return buildTree<(typeof rows)[number], CategoryNode>(rows, (row) => ({ ...toCategory(row), children: [] }), {
    id: (r) => r.id,
    parentId: (r) => r.parentId,
  });
}

export async function submitCategory(ctx: Ctx, input: CategoryInput): Promise<InterfaceCategory> {
  const { tx } = ctx;
  await placeInTree(tx, TREE, input, {
    parentNotFound: () => notFound('interfaces.categoryNotFound'),
    cycle: () => unprocessable('interfaces.categoryUnderItself'),
  });
  await assertUnique(tx, interfaceCategories, and(eq(interfaceCategories.parentId, input.parentId), eq(interfaceCategories.name, input.name)), {
    exceptId: input.id,
    message: 'interfaces.categoryExists',
    params: { name: input.name },
  });
  const values = { parentId: input.parentId, name: input.name, sort: input.sort };
  if (input.id === undefined) return toCategory(await auditedInsert(ctx, interfaceCategories, 'interfaceCategory', values));
  const before = await findOr404(tx, interfaceCategories, input.id, { lock: true, ...CATEGORY_NOT_FOUND });
  return toCategory(await auditedUpdate(ctx, interfaceCategories, 'interfaceCategory', before, { ...values, updatedAt: new Date() }));
}

/** Removes a category that holds neither categories nor interfaces. */
export async function removeCategory(ctx: Ctx, id: number): Promise<number> {
  const row = await findOr404(ctx.tx, interfaceCategories, id, { lock: true, ...CATEGORY_NOT_FOUND });
  const [child] = await ctx.tx.select({ id: interfaceCategories.id }).from(interfaceCategories).where(eq(interfaceCategories.parentId, id)).limit(1);
  const [held] = await ctx.tx.select({ id: interfaces.id }).from(interfaces).where(eq(interfaces.categoryId, id)).limit(1);
  if (child || held) throw unprocessable('interfaces.categoryInUse');
  return auditedDelete(ctx, interfaceCategories, 'interfaceCategory', [row]);
}

// ---------------------------------------------------------------- interfaces

const COLUMNS = sql`t.*, c.name as category_name, d.name as data_source_name`;
const JOINS = sql`left join macro_interface_category c on c.id = t.category_id left join macro_data_source d on d.id = t.data_source_id`;

const addressOf = (path: string) => `${API_PREFIX}${OPEN_PREFIX}/${path}`;

function toInterface(row: Record<string, unknown>): InterfaceInfo {
  return {
    id: Number(row.id),
    categoryId: Number(row.category_id),
    categoryName: String(row.category_name ?? ''),
    code: String(row.code),
    name: String(row.name),
    method: row.method as InterfaceInfo['method'],
    path: String(row.path),
    address: addressOf(String(row.path)),
    kind: row.kind as InterfaceInfo['kind'],
    dataSourceId: row.data_source_id === null ? null : Number(row.data_source_id),
    dataSourceName: String(row.data_source_name ?? ''),
    url: String(row.url),
    permission: String(row.permission),
    anonymous: Boolean(row.anonymous),
    rateLimit: Number(row.rate_limit),
    response: row.response as InterfaceInfo['response'],
    enabled: Boolean(row.enabled),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

async function load(tx: Tx, id: number): Promise<InterfaceInfo> {
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${COLUMNS} from ${interfaces} t ${JOINS} where t.id = ${id}`));
  if (!row) throw notFound(NOT_FOUND.message);
  return toInterface(row);
}

export const interfaceDetail = load;

/** A category and the categories under it, as a list of ids in SQL. */
const categoryAndBelow = (categoryId: number) => sql`(${walkDownSql(interfaceCategories, sql`select ${categoryId}::integer`)})`;

export function listInterfaces(tx: Tx, query: PageQuery & { name?: string; categoryId?: number }): Promise<Page<InterfaceInfo>> {
  const parts: SQL[] = [sql`true`];
  if (query.name) parts.push(sql`t.name ilike ${containing(query.name)}`);
  if (query.categoryId) parts.push(sql`t.category_id in ${categoryAndBelow(query.categoryId)}`);
  return listPage(
    tx,
    { table: sql`${interfaces}`, where: sql.join(parts, sql` and `), order: ['sort', 'id'], columns: COLUMNS, joins: JOINS, toRecord: toInterface },
    query,
  );
}

export async function allInterfaces(tx: Tx) {
  const rows = await tx
    .select({ id: interfaces.id, name: interfaces.name, method: interfaces.method, path: interfaces.path, enabled: interfaces.enabled })
    .from(interfaces)
    .orderBy(asc(interfaces.name), asc(interfaces.id));
  return rows.map((row) => ({ id: row.id, name: row.name, method: row.method as InterfaceInfo['method'], address: addressOf(row.path), enabled: row.enabled }));
}

/** What an interface refers to exists in the tenant: its category and its data source. */
async function assertReferences(tx: Tx, input: InterfaceInput): Promise<void> {
  await findOr404(tx, interfaceCategories, input.categoryId, CATEGORY_NOT_FOUND);
  if (input.kind === 'dataSource' && input.dataSourceId) await findOr404(tx, dataSources, input.dataSourceId, { message: 'datasources.notFound' });
}

function valuesOf(input: InterfaceInput) {
  return {
    categoryId: input.categoryId,
    code: input.code,
    name: input.name,
    method: input.method,
    path: input.path,
    kind: input.kind,
    dataSourceId: input.kind === 'dataSource' ? input.dataSourceId : null,
    url: input.kind === 'http' ? input.url : '',
    permission: input.anonymous ? '' : input.permission,
    anonymous: input.anonymous,
    rateLimit: input.rateLimit,
    response: input.response,
    sort: input.sort,
    remark: input.remark,
  };
}

async function assertFree(tx: Tx, input: InterfaceInput, exceptId?: number): Promise<void> {
  await assertUnique(tx, interfaces, eq(interfaces.code, input.code), { exceptId, message: 'interfaces.codeExists', params: { code: input.code } });
  const [taken] = await tx
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(eq(interfaces.method, input.method), eq(interfaces.path, input.path), exceptId === undefined ? undefined : ne(interfaces.id, exceptId)))
    .limit(1);
  if (taken) throw conflict('interfaces.routeExists', { method: input.method, path: input.path });
}

/** Creates a custom interface, disabled until someone enables it. */
export async function createInterface(ctx: Ctx, input: InterfaceInput, checkUrl: (url: string) => Promise<void>): Promise<InterfaceInfo> {
  await assertReferences(ctx.tx, input);
  if (input.kind === 'http') await checkUrl(input.url);
  await assertFree(ctx.tx, input);
  const row = await auditedInsert(ctx, interfaces, 'interface', { ...valuesOf(input), enabled: false });
  return load(ctx.tx, row.id);
}

export async function updateInterface(ctx: Ctx, id: number, input: InterfaceInput, checkUrl: (url: string) => Promise<void>): Promise<InterfaceInfo> {
  const before = await findOr404(ctx.tx, interfaces, id, { lock: true, ...NOT_FOUND });
  await assertReferences(ctx.tx, input);
  if (input.kind === 'http') await checkUrl(input.url);
  await assertFree(ctx.tx, input, id);
  await auditedUpdate(ctx, interfaces, 'interface', before, { ...valuesOf(input), updatedAt: new Date() });
  return load(ctx.tx, id);
}

export async function setInterfaceEnabled(ctx: Ctx, id: number, enabled: boolean): Promise<InterfaceInfo> {
  const before = await findOr404(ctx.tx, interfaces, id, { lock: true, ...NOT_FOUND });
  if (before.enabled !== enabled) await auditedUpdate(ctx, interfaces, 'interface', before, { enabled, updatedAt: new Date() });
  return load(ctx.tx, id);
}

/** Removes a custom interface and its call log. */
export async function removeInterface(ctx: Ctx, id: number): Promise<number> {
  const row = await findOr404(ctx.tx, interfaces, id, { lock: true, ...NOT_FOUND });
  await ctx.tx.delete(interfaceCalls).where(eq(interfaceCalls.interfaceId, id));
  return auditedDelete(ctx, interfaces, 'interface', [row]);
}

export async function interfaceCallsOf(tx: Tx, id: number, query: PageQuery) {
  await findOr404(tx, interfaces, id, NOT_FOUND);
  const page = await listPage(
    tx,
    {
      table: sql`${interfaceCalls}`,
      where: sql`t.interface_id = ${id}`,
      order: ['id'],
      descending: true,
      columns: sql`t.id, t.user_id, t.ip, t.status, t.duration_ms, t.created_at`,
      toRecord: (row) => ({
        id: Number(row.id),
        userId: row.user_id === null ? null : Number(row.user_id),
        ip: String(row.ip),
        status: Number(row.status),
        durationMs: Number(row.duration_ms),
        createTime: iso(row.created_at),
      }),
    },
    query,
  );
  const names = await userNamesOf(
    tx,
    page.records.map((r) => r.userId),
  );
  return { ...page, records: page.records.map(({ userId, ...r }) => ({ ...r, userName: userId === null ? '' : (names.get(userId) ?? '') })) };
}

// ---------------------------------------------------------------- the product's own operations

export function productOperations(endpoints: readonly Endpoint[]): ProductOperation[] {
  return endpoints
    .map((e) => ({
      operationId: e.operationId,
      method: e.method,
      path: `${API_PREFIX}${e.path}`,
      tag: e.tag,
      summary: e.summary,
      permission: e.access === 'public' || e.access === 'optional' || e.access === 'authenticated' ? e.access : accessCodes(e.access).join(' | '),
    }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function productOperationPage(endpoints: readonly Endpoint[], query: PageQuery & { keyword?: string; tag?: string }): Page<ProductOperation> {
  const keyword = query.keyword?.toLowerCase();
  const matching = productOperations(endpoints).filter(
    (o) =>
      (!keyword || [o.path, o.operationId, o.summary].some((text) => text.toLowerCase().includes(keyword))) &&
      (!query.tag || o.tag.toLowerCase().includes(query.tag.toLowerCase())),
  );
  const start = (query.current - 1) * query.size;
  return {
    records: matching.slice(start, start + query.size),
    total: matching.length,
    current: query.current,
    size: query.size,
    totalExact: true,
    nextCursor: null,
  };
}
