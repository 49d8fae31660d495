import type { Page, PageQuery } from '@macro/contract';
import { AUTHORIZE_OBJECT, type AppAuthorizeView, type AppFunc, type AppFuncCategory, type appFuncBody } from '@macro/contract/authorize';
import type { Ctx, Tx } from '@macro/store';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { badRequest } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { distinctIds, grantObject } from './objects.ts';
import { appAuthorizes, appFuncs } from './tables.ts';
import { iso } from '../../platform/time.ts';

const RESOURCE = 'appFunc';
const NOT_FOUND = { message: 'authorize.appFuncNotFound' };
const COLUMNS = sql`t.id, t.name, t.code, t.category, t.icon, t.url, t.sort, t.enabled, t.remark, t.created_at, t.updated_at`;

function toAppFunc(row: Record<string, unknown>): AppFunc {
  return {
    id: Number(row.id),
    name: String(row.name),
    code: String(row.code),
    category: String(row.category),
    icon: String(row.icon),
    url: String(row.url),
    sort: Number(row.sort),
    enabled: row.enabled === true || row.enabled === 't',
    remark: String(row.remark),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

const fromRow = (row: typeof appFuncs.$inferSelect): AppFunc => toAppFunc({ ...row, created_at: row.createdAt, updated_at: row.updatedAt });

export function appFuncPage(tx: Tx, query: PageQuery & { name?: string; category?: string }): Promise<Page<AppFunc>> {
  const parts: SQL[] = [
    sql`true`,
    ...(query.name ? [sql`t.name ilike ${containing(query.name)}`] : []),
    ...(query.category ? [sql`t.category ilike ${containing(query.category)}`] : []),
  ];
  return listPage(
    tx,
    { table: sql`${appFuncs}`, where: sql.join(parts, sql` and `), order: ['category', 'sort', 'id'], columns: COLUMNS, toRecord: toAppFunc },
    query,
  );
}

export async function appFuncInfo(tx: Tx, id: number): Promise<AppFunc> {
  return fromRow(await findOr404(tx, appFuncs, id, NOT_FOUND));
}

type Body = z.output<typeof appFuncBody>;

export async function createAppFunc(ctx: Ctx, body: Body): Promise<AppFunc> {
  await assertUnique(ctx.tx, appFuncs, eq(appFuncs.code, body.code), { message: 'authorize.codeExists', params: { code: body.code } });
  return fromRow(await auditedInsert(ctx, appFuncs, RESOURCE, body));
}

export async function updateAppFunc(ctx: Ctx, id: number, body: Body): Promise<AppFunc> {
  const before = await findOr404(ctx.tx, appFuncs, id, { lock: true, ...NOT_FOUND });
  await assertUnique(ctx.tx, appFuncs, eq(appFuncs.code, body.code), { exceptId: id, message: 'authorize.codeExists', params: { code: body.code } });
  return fromRow(await auditedUpdate(ctx, appFuncs, RESOURCE, before, { ...body, updatedAt: new Date() }));
}

/** Deletes an app function; its grants go with it (foreign key). */
export async function removeAppFunc(ctx: Ctx, id: number): Promise<number> {
  return auditedDelete(ctx, appFuncs, RESOURCE, await lockAll(ctx.tx, appFuncs, [id], NOT_FOUND));
}

/** Enabled functions grouped by category (categories by name, functions by sort). */
export async function appFuncCategoryTree(tx: Tx): Promise<AppFuncCategory[]> {
  const rows = await tx.select().from(appFuncs).where(eq(appFuncs.enabled, true)).orderBy(asc(appFuncs.category), asc(appFuncs.sort), asc(appFuncs.id));
  const groups = new Map<string, AppFunc[]>();
  for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), fromRow(row)]);
  return [...groups].map(([category, functions]) => ({ category, functions }));
}

async function grantedTo(tx: Tx, objectType: number, objectId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: appAuthorizes.funcId })
    .from(appAuthorizes)
    .where(and(eq(appAuthorizes.objectType, objectType), eq(appAuthorizes.objectId, objectId)));
  return distinctIds(rows.map((r) => r.id));
}

export async function appAuthorizeView(tx: Tx, objectType: number, objectId: number): Promise<AppAuthorizeView> {
  await grantObject(tx, objectType, objectId);
  return { objectId, objectType, itemIds: await grantedTo(tx, objectType, objectId) };
}

/** The object is granted exactly these app functions afterwards; audited with before and after. */
export async function saveAppAuthorize(ctx: Ctx, body: { objectId: number; objectType: number; itemJson: number[] }): Promise<AppAuthorizeView> {
  const { tx } = ctx;
  const object = await grantObject(tx, body.objectType, body.objectId);
  const objectType = object.kind === 'role' ? AUTHORIZE_OBJECT.role : AUTHORIZE_OBJECT.user;
  const items = distinctIds(body.itemJson);
  if (items.length) {
    const found = await tx.select({ id: appFuncs.id }).from(appFuncs).where(inArray(appFuncs.id, items)).for('key share');
    if (found.length !== items.length) throw badRequest('authorize.appFuncUnknown');
  }
  const before = await grantedTo(tx, objectType, object.id);
  await tx.delete(appAuthorizes).where(and(eq(appAuthorizes.objectType, objectType), eq(appAuthorizes.objectId, object.id)));
  if (items.length) await tx.insert(appAuthorizes).values(items.map((funcId) => ({ objectType, objectId: object.id, funcId })));
  await ctx.audit.record(tx, ctx.actor, {
    action: 'grant',
    resource: `appAuthorize.${object.kind}`,
    resourceId: object.id,
    before: { itemIds: before },
    after: { itemIds: items },
  });
  return { objectId: object.id, objectType, itemIds: items };
}
