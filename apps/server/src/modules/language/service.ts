import { LANGUAGES, type Page, type PageQuery } from '@macro/contract';
import type { LgMark, LgType, LpMapEntry, LpMapObject, lgTypeBody, lpMapBody } from '@macro/contract/language';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { badRequest } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { languageMaps, languageTypes } from './tables.ts';
import { iso } from '../../platform/time.ts';

type TypeInput = z.output<typeof lgTypeBody>;
type MapInput = z.output<typeof lpMapBody>;
type TypeRow = typeof languageTypes.$inferSelect;
type MapRow = typeof languageMaps.$inferSelect;

const TYPE_NOT_FOUND = { message: 'language.typeNotFound' };
const MAP_NOT_FOUND = { message: 'language.notFound' };
const BUILT_IN_NAMES: Record<string, string> = { zh: '简体中文', en: 'English', ja: '日本語' };

const typeOf = (r: TypeRow): LgType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  sort: r.sort,
  enabled: r.enabled,
  builtIn: r.builtIn,
  createTime: iso(r.createdAt),
});
const entryOf = (r: MapRow): LpMapEntry => ({ id: r.id, typeCode: r.typeCode, ns: r.ns, key: r.key, value: r.value, updateTime: iso(r.updatedAt) });

/** Every tenant starts with the three languages the console ships with. */
export async function provisionBuiltIns(ctx: Ctx): Promise<void> {
  for (const [index, code] of LANGUAGES.entries()) {
    const [existing] = await ctx.tx.select({ id: languageTypes.id }).from(languageTypes).where(eq(languageTypes.code, code));
    if (existing) continue;
    await ctx.tx.insert(languageTypes).values({ code, name: BUILT_IN_NAMES[code], sort: index + 1, builtIn: true });
  }
}

export function listTypes(tx: Tx, query: PageQuery & { code?: string; name?: string }): Promise<Page<LgType>> {
  const parts = [
    query.code ? sql`t.code ilike ${containing(query.code)}` : undefined,
    query.name ? sql`t.name ilike ${containing(query.name)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return listPage(
    tx,
    {
      table: sql`${languageTypes}`,
      where: parts.length ? sql.join(parts, sql` and `) : sql`true`,
      order: ['sort', 'id'],
      columns: sql`t.id, t.code, t.name, t.sort, t.enabled, t.built_in, t.created_at`,
      toRecord: (r) => ({
        id: Number(r.id),
        code: String(r.code),
        name: String(r.name),
        sort: Number(r.sort),
        enabled: Boolean(r.enabled),
        builtIn: Boolean(r.built_in),
        createTime: iso(r.created_at),
      }),
    },
    query,
  );
}

export async function enabledTypes(tx: Tx): Promise<LgType[]> {
  const rows = await tx.select().from(languageTypes).where(eq(languageTypes.enabled, true)).orderBy(asc(languageTypes.sort), asc(languageTypes.id));
  return rows.map(typeOf);
}

export async function saveType(ctx: Ctx, input: TypeInput, id?: number): Promise<LgType> {
  await assertUnique(ctx.tx, languageTypes, eq(languageTypes.code, input.code), { exceptId: id, message: 'language.codeExists', params: { code: input.code } });
  const values = { code: input.code, name: input.name, sort: input.sort, enabled: input.enabled };
  if (id === undefined) return typeOf(await auditedInsert(ctx, languageTypes, 'language-type', { ...values, builtIn: false }));
  const before = await findOr404(ctx.tx, languageTypes, id, { lock: true, ...TYPE_NOT_FOUND });
  if (before.builtIn && (before.code !== input.code || !input.enabled)) throw badRequest('language.builtIn', { code: before.code });
  const after = await auditedUpdate(ctx, languageTypes, 'language-type', before, { ...values, updatedAt: new Date() });
  // The translations follow their language's code.
  if (before.code !== input.code) await ctx.tx.update(languageMaps).set({ typeCode: input.code }).where(eq(languageMaps.typeCode, before.code));
  return typeOf(after);
}

export async function removeType(ctx: Ctx, id: number): Promise<number> {
  const before = await findOr404(ctx.tx, languageTypes, id, { lock: true, ...TYPE_NOT_FOUND });
  if (before.builtIn) throw badRequest('language.builtIn', { code: before.code });
  await ctx.tx.delete(languageMaps).where(eq(languageMaps.typeCode, before.code));
  return auditedDelete(ctx, languageTypes, 'language-type', [before]);
}

export function listMaps(tx: Tx, query: PageQuery & { typeCode?: string; ns?: string; key?: string; value?: string }): Promise<Page<LpMapEntry>> {
  const parts = [
    query.typeCode ? sql`t.type_code = ${query.typeCode}` : undefined,
    query.ns ? sql`t.ns ilike ${containing(query.ns)}` : undefined,
    query.key ? sql`t.key ilike ${containing(query.key)}` : undefined,
    query.value ? sql`t.value ilike ${containing(query.value)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return listPage(
    tx,
    {
      table: sql`${languageMaps}`,
      where: parts.length ? sql.join(parts, sql` and `) : sql`true`,
      order: ['id'],
      columns: sql`t.id, t.type_code, t.ns, t.key, t.value, t.updated_at`,
      toRecord: (r) => ({
        id: Number(r.id),
        typeCode: String(r.type_code),
        ns: String(r.ns),
        key: String(r.key),
        value: String(r.value),
        updateTime: iso(r.updated_at),
      }),
    },
    query,
  );
}

/** Marks (namespace, key) with their text in each language, a page of marks at a time. */
export async function listMarks(tx: Tx, query: PageQuery & { ns?: string; key?: string }): Promise<Page<LgMark>> {
  const parts = [
    sql`true`,
    query.ns ? sql`ns ilike ${containing(query.ns)}` : undefined,
    query.key ? sql`key ilike ${containing(query.key)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const where = sql.join(parts, sql` and `);
  const [{ total }] = rowsOf(await tx.execute(sql`select count(distinct (ns, key))::int as total from ${languageMaps} where ${where}`)) as { total: number }[];
  const marks = rowsOf(
    await tx.execute(sql`
      select ns, key, jsonb_object_agg(type_code, value) as vals from ${languageMaps} where ${where}
      group by ns, key order by ns, key limit ${query.size} offset ${(query.current - 1) * query.size}`),
  );
  return {
    records: marks.map((r) => ({
      ns: String(r.ns),
      key: String(r.key),
      values: (typeof r.vals === 'string' ? JSON.parse(r.vals) : r.vals) as Record<string, string>,
    })),
    total: Number(total),
    current: query.current,
    size: query.size,
    totalExact: true,
    nextCursor: null,
  };
}

/** The mark of the translation `id`, with its text in every language that has one (404 when there is no such translation). */
export async function markOf(tx: Tx, id: number): Promise<LgMark> {
  const entry = await findOr404(tx, languageMaps, id, MAP_NOT_FOUND);
  const texts = await tx
    .select({ typeCode: languageMaps.typeCode, value: languageMaps.value })
    .from(languageMaps)
    .where(and(eq(languageMaps.ns, entry.ns), eq(languageMaps.key, entry.key)))
    .orderBy(asc(languageMaps.id));
  return { ns: entry.ns, key: entry.key, values: Object.fromEntries(texts.map((text) => [text.typeCode, text.value])) };
}

/** namespace → key → text of one language, for the console to merge over its own strings. */
export async function mapObject(tx: Tx, typeCode: string): Promise<LpMapObject> {
  const rows = await tx.select().from(languageMaps).where(eq(languageMaps.typeCode, typeCode)).orderBy(asc(languageMaps.id));
  const object: LpMapObject = {};
  for (const row of rows) {
    object[row.ns] = { ...object[row.ns], [row.key]: row.value };
  }
  return object;
}

/** Sets one mark's text in one language (insert or replace). */
export async function saveMap(ctx: Ctx, input: MapInput): Promise<LpMapEntry> {
  const [type] = await ctx.tx.select({ id: languageTypes.id }).from(languageTypes).where(eq(languageTypes.code, input.typeCode)).for('share');
  if (!type) throw badRequest('language.typeNotFound');
  const mark = and(eq(languageMaps.typeCode, input.typeCode), eq(languageMaps.ns, input.ns), eq(languageMaps.key, input.key));
  const [before] = await ctx.tx.select().from(languageMaps).where(mark).for('update');
  if (before) return entryOf(await auditedUpdate(ctx, languageMaps, 'language-map', before, { value: input.value, updatedAt: new Date() }));
  return entryOf(await auditedInsert(ctx, languageMaps, 'language-map', { typeCode: input.typeCode, ns: input.ns, key: input.key, value: input.value }));
}

export async function removeMap(ctx: Ctx, id: number): Promise<number> {
  return auditedDelete(ctx, languageMaps, 'language-map', [await findOr404(ctx.tx, languageMaps, id, { lock: true, ...MAP_NOT_FOUND })]);
}
