import type { Page, PageQuery } from '@macro/contract';
import type { SpecialMenu, specialMenuBody } from '@macro/contract/specialmenus';
import type { Ctx, Tx } from '@macro/store';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { containing, listPage } from '../../platform/list.ts';
import { specialMenus } from './tables.ts';
import { iso } from '../../platform/time.ts';

type Input = z.output<typeof specialMenuBody>;
type Row = typeof specialMenus.$inferSelect;

const RESOURCE = 'special-menu';
const NOT_FOUND = { message: 'specialmenus.notFound' };
const COLUMNS = sql`t.id, t.menu_name, t.menu_code, t.template_key, t.icon, t.sort, t.remark, t.created_at, t.updated_at`;

const fromSql = (r: Record<string, unknown>): SpecialMenu => ({
  id: Number(r.id),
  menuName: String(r.menu_name),
  menuCode: String(r.menu_code),
  templateKey: String(r.template_key),
  icon: String(r.icon),
  sort: Number(r.sort),
  remark: String(r.remark),
  createTime: iso(r.created_at),
  updateTime: iso(r.updated_at),
});

const fromRow = (r: Row): SpecialMenu => ({
  id: r.id,
  menuName: r.menuName,
  menuCode: r.menuCode,
  templateKey: r.templateKey,
  icon: r.icon,
  sort: r.sort,
  remark: r.remark,
  createTime: iso(r.createdAt),
  updateTime: iso(r.updatedAt),
});

export function listSpecialMenus(tx: Tx, query: PageQuery & { menuName?: string; menuCode?: string }): Promise<Page<SpecialMenu>> {
  const parts = [
    query.menuName ? sql`t.menu_name ilike ${containing(query.menuName)}` : undefined,
    query.menuCode ? sql`t.menu_code ilike ${containing(query.menuCode)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const where = parts.length ? sql.join(parts, sql` and `) : sql`true`;
  return listPage(tx, { table: sql`${specialMenus}`, where, order: ['sort', 'id'], columns: COLUMNS, toRecord: fromSql }, query);
}

export async function allSpecialMenus(tx: Tx): Promise<SpecialMenu[]> {
  return (await tx.select().from(specialMenus).orderBy(asc(specialMenus.sort), asc(specialMenus.id)).limit(500)).map(fromRow);
}

export async function specialMenuDetail(tx: Tx, id: number): Promise<SpecialMenu> {
  return fromRow(await findOr404(tx, specialMenus, id, NOT_FOUND));
}

export async function saveSpecialMenu(ctx: Ctx, input: Input, id?: number): Promise<SpecialMenu> {
  await assertUnique(ctx.tx, specialMenus, eq(specialMenus.menuCode, input.menuCode), {
    exceptId: id,
    message: 'specialmenus.codeExists',
    params: { code: input.menuCode },
  });
  const values = {
    menuName: input.menuName,
    menuCode: input.menuCode,
    templateKey: input.templateKey,
    icon: input.icon,
    sort: input.sort,
    remark: input.remark,
  };
  if (id === undefined) return fromRow(await auditedInsert(ctx, specialMenus, RESOURCE, values));
  const before = await findOr404(ctx.tx, specialMenus, id, { lock: true, ...NOT_FOUND });
  return fromRow(await auditedUpdate(ctx, specialMenus, RESOURCE, before, { ...values, updatedAt: new Date() }));
}

export async function removeSpecialMenus(ctx: Ctx, ids: number[]): Promise<number> {
  return auditedDelete(ctx, specialMenus, RESOURCE, await lockAll(ctx.tx, specialMenus, ids, NOT_FOUND));
}
