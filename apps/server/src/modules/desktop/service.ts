import type { Page, PageQuery } from '@macro/contract';
import { translate } from '@macro/contract';
import type {
  CurrentHome,
  DesktopContent,
  DesktopScheme,
  DesktopSchemeInfo,
  DesktopSchemeVersion,
  desktopSchemeInput,
  VisualHome,
  VisualObjectType,
  VisualRelation,
  visualRelationBody,
} from '@macro/contract/desktop';
import { type Ctx, jsonOf, rowsOf, type Tx } from '@macro/store';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll, makeOnlyDefault } from '../../platform/crud.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { iso } from '../../platform/time.ts';
import { canonicalJson } from '../../platform/json.ts';
import { departments } from '../org/public.ts';
import { posts } from '../posts/public.ts';
import { roles } from '../identity/public.ts';
import { userNamesOf } from '../users/public.ts';
import { userPosts, userRoles, users } from '../identity/public.ts';
import { desktopSchemes, desktopSchemeVersions, visualHomes, visualRelations } from './tables.ts';

type Row = typeof desktopSchemes.$inferSelect;
type Input = z.output<typeof desktopSchemeInput>;

const RESOURCE = 'desktop-scheme';
const NOT_FOUND = { message: 'desktop.notFound' };

const summary = (r: Row): DesktopScheme => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  enabled: r.enabled,
  isDefault: r.isDefault,
  version: r.version,
  widgetCount: r.content.widgets.length,
  createTime: iso(r.createdAt),
  updateTime: iso(r.updatedAt),
});
const withContent = (r: Row): DesktopSchemeInfo => ({ ...summary(r), content: r.content });

const fromSql = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  tenantId: String(r.tenant_id),
  code: String(r.code),
  name: String(r.name),
  description: String(r.description),
  enabled: r.enabled === true || r.enabled === 't',
  isDefault: r.is_default === true || r.is_default === 't',
  version: Number(r.version),
  content: jsonOf<DesktopContent>(r.content),
  createUser: r.create_user == null ? null : Number(r.create_user),
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

const schemeOr404 = (tx: Tx, id: number, lock = false) => findOr404(tx, desktopSchemes, id, { lock, ...NOT_FOUND });

// ---------------------------------------------------------------- schemes

export function listSchemes(tx: Tx, query: PageQuery & { keyword?: string }): Promise<Page<DesktopScheme>> {
  const where = query.keyword ? sql`(t.code ilike ${containing(query.keyword)} or t.name ilike ${containing(query.keyword)})` : sql`true`;
  return listPage(
    tx,
    { table: sql`${desktopSchemes}`, where, order: ['id'], descending: true, columns: sql`t.*`, toRecord: (r) => summary(fromSql(r)) },
    query,
  );
}

export const schemeDetail = async (tx: Tx, id: number) => withContent(await schemeOr404(tx, id));

/** The content of the current version, or of `version` from the history. */
export async function schemeContent(tx: Tx, id: number, version?: number): Promise<DesktopContent> {
  const scheme = await schemeOr404(tx, id);
  if (version === undefined || version === scheme.version) return scheme.content;
  const [row] = await tx
    .select({ content: desktopSchemeVersions.content })
    .from(desktopSchemeVersions)
    .where(and(eq(desktopSchemeVersions.schemeId, id), eq(desktopSchemeVersions.version, version)));
  if (!row) throw notFound('desktop.versionNotFound', { version });
  return row.content;
}

async function recordVersion(ctx: Ctx, scheme: Row): Promise<void> {
  await ctx.tx.insert(desktopSchemeVersions).values({ schemeId: scheme.id, version: scheme.version, content: scheme.content });
}

const assertCodeFree = (tx: Tx, code: string, exceptId?: number) =>
  assertUnique(tx, desktopSchemes, eq(desktopSchemes.code, code), { exceptId, message: 'desktop.codeExists', params: { code } });

export async function createScheme(ctx: Ctx, input: Input): Promise<DesktopSchemeInfo> {
  await assertCodeFree(ctx.tx, input.code);
  const row = await auditedInsert(ctx, desktopSchemes, RESOURCE, { ...input, isDefault: false, version: 1 });
  await recordVersion(ctx, row);
  return withContent(row);
}

/** Changes a scheme; changed content is its next version. The default stays enabled. */
export async function updateScheme(ctx: Ctx, id: number, input: Input): Promise<DesktopSchemeInfo> {
  const before = await schemeOr404(ctx.tx, id, true);
  if (before.isDefault && !input.enabled) throw conflict('desktop.defaultNotDisabled');
  await assertCodeFree(ctx.tx, input.code, id);
  const changed = canonicalJson(before.content) !== canonicalJson(input.content);
  const after = await auditedUpdate(ctx, desktopSchemes, RESOURCE, before, {
    ...input,
    version: changed ? before.version + 1 : before.version,
    updatedAt: new Date(),
  });
  if (changed) await recordVersion(ctx, after);
  return withContent(after);
}

export async function removeScheme(ctx: Ctx, id: number): Promise<number> {
  const row = await schemeOr404(ctx.tx, id, true);
  // Its history, relations and people's choices go with it (foreign keys cascade); without a
  // default, everyone who had not chosen another sees the built-in dashboard.
  return auditedDelete(ctx, desktopSchemes, RESOURCE, [row]);
}

/** A free code made from `code`: `code-copy`, then `code-copy2`, … (within the 50 characters a code may have). */
async function freeCopyCode(tx: Tx, code: string): Promise<string> {
  const base = `${code.slice(0, 40)}-copy`;
  const taken = new Set(
    (
      await tx
        .select({ code: desktopSchemes.code })
        .from(desktopSchemes)
        .where(like(desktopSchemes.code, `${base}%`))
    ).map((r) => r.code),
  );
  let n = 1;
  while (taken.has(n === 1 ? base : `${base}${n}`)) n++;
  return n === 1 ? base : `${base}${n}`;
}

/** A new scheme with the content of `id` as its version 1; not the default, not offered to anyone in particular. */
export async function copyScheme(ctx: Ctx, id: number): Promise<DesktopSchemeInfo> {
  const source = await schemeOr404(ctx.tx, id);
  const code = await freeCopyCode(ctx.tx, source.code);
  const name = translate(ctx.actor.language, 'desktop.copyName', { name: source.name });
  return createScheme(ctx, { code, name, description: source.description, enabled: source.enabled, content: source.content });
}

export async function setDefault(ctx: Ctx, id: number): Promise<DesktopScheme> {
  const row = await makeOnlyDefault(ctx, desktopSchemes, RESOURCE, id, {
    ...NOT_FOUND,
    check: (scheme) => {
      if (!scheme.enabled) throw conflict('desktop.disabledNotDefault');
    },
  });
  return summary(row);
}

export async function schemeHistory(tx: Tx, id: number): Promise<DesktopSchemeVersion[]> {
  await schemeOr404(tx, id);
  const rows = await tx.select().from(desktopSchemeVersions).where(eq(desktopSchemeVersions.schemeId, id)).orderBy(desc(desktopSchemeVersions.version));
  const names = await userNamesOf(
    tx,
    rows.map((r) => r.createUser),
  );
  return rows.map((r) => ({
    version: r.version,
    widgetCount: r.content.widgets.length,
    createTime: iso(r.createdAt),
    createUserName: r.createUser === null ? '' : (names.get(r.createUser) ?? ''),
  }));
}

/** The content of an earlier version becomes the next one (the history keeps every version). */
export async function setNewVersion(ctx: Ctx, schemeId: number, version: number): Promise<DesktopSchemeInfo> {
  const before = await schemeOr404(ctx.tx, schemeId, true);
  const content = await schemeContent(ctx.tx, schemeId, version);
  if (version === before.version) return withContent(before);
  const after = await auditedUpdate(ctx, desktopSchemes, RESOURCE, before, { content, version: before.version + 1, updatedAt: new Date() });
  await recordVersion(ctx, after);
  return withContent(after);
}

// ---------------------------------------------------------------- who a home page is offered to

const OBJECT_NAMES: Record<VisualObjectType, { table: typeof users | typeof roles | typeof posts | typeof departments; name: SQL }> = {
  user: { table: users, name: sql`name` },
  role: { table: roles, name: sql`role_name` },
  post: { table: posts, name: sql`post_name` },
  dept: { table: departments, name: sql`dept_name` },
};

async function objectNames(tx: Tx, type: VisualObjectType, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { table, name } = OBJECT_NAMES[type];
  const rows = rowsOf<{ id: number; name: string }>(
    await tx.execute(
      sql`select id, ${name} as name from ${table} where id in ${sql`(${sql.join(
        [...ids].map((id) => sql`${id}`),
        sql`, `,
      )})`}`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

const relationOf = (r: typeof visualRelations.$inferSelect, names: Map<number, string>): VisualRelation => ({
  id: r.id,
  visualId: r.visualId,
  objectType: r.objectType,
  objectId: r.objectId,
  objectName: names.get(r.objectId) ?? '',
  createTime: iso(r.createdAt),
});

/** Offers a home page to people, roles, posts or departments (all of them exist, or nothing changes). */
export async function relate(ctx: Ctx, input: z.output<typeof visualRelationBody>): Promise<VisualRelation[]> {
  await schemeOr404(ctx.tx, input.visualId, true);
  const ids = [...new Set(input.objectIds)];
  const names = await objectNames(ctx.tx, input.objectType, ids);
  if (names.size !== ids.length) throw notFound('desktop.objectMissing');
  const added = await ctx.tx
    .insert(visualRelations)
    .values(ids.map((objectId) => ({ visualId: input.visualId, objectType: input.objectType, objectId })))
    .onConflictDoNothing()
    .returning();
  for (const row of added) await ctx.audit.record(ctx.tx, ctx.actor, { action: 'create', resource: 'visual-relation', resourceId: row.id, after: row });
  return relationsOf(ctx.tx, input.visualId, input.objectType);
}

export async function unrelate(ctx: Ctx, ids: number[]): Promise<number> {
  return auditedDelete(ctx, visualRelations, 'visual-relation', await lockAll(ctx.tx, visualRelations, ids, { message: 'desktop.relationNotFound' }));
}

export async function relationsOf(tx: Tx, visualId: number, type: VisualObjectType): Promise<VisualRelation[]> {
  await schemeOr404(tx, visualId);
  const rows = await tx
    .select()
    .from(visualRelations)
    .where(and(eq(visualRelations.visualId, visualId), eq(visualRelations.objectType, type)))
    .orderBy(visualRelations.id);
  const names = await objectNames(
    tx,
    type,
    rows.map((r) => r.objectId),
  );
  return rows.map((r) => relationOf(r, names));
}

// ---------------------------------------------------------------- each person's home page

/**
 * Whether the scheme `s` is offered to the user: it is the default, or offered to nobody in
 * particular (everyone), or to them, one of their roles, one of their posts or their department.
 */
function offeredTo(userId: number): SQL {
  return sql`(s.is_default or not exists (select 1 from ${visualRelations} r where r.visual_id = s.id) or exists (
    select 1 from ${visualRelations} r where r.visual_id = s.id and (
      (r.object_type = 'user' and r.object_id = ${userId})
      or (r.object_type = 'role' and r.object_id in (select ur.role_id from ${userRoles} ur where ur.user_id = ${userId}))
      or (r.object_type = 'post' and r.object_id in (select up.post_id from ${userPosts} up where up.user_id = ${userId}))
      or (r.object_type = 'dept' and r.object_id = (select u.dept_id from ${users} u where u.id = ${userId})))))`;
}

const homeOf = (r: Record<string, unknown>): VisualHome => {
  const row = fromSql(r);
  return { id: row.id, code: row.code, name: row.name, description: row.description, isDefault: row.isDefault, widgetCount: row.content.widgets.length };
};

async function enabledSchemes(tx: Tx, condition: SQL, keyword: string | undefined, limit = 500, offset = 0): Promise<VisualHome[]> {
  const search = keyword ? sql`and (s.code ilike ${containing(keyword)} or s.name ilike ${containing(keyword)})` : sql``;
  const rows = rowsOf(
    await tx.execute(
      sql`select s.* from ${desktopSchemes} s where s.enabled and ${condition} ${search} order by s.is_default desc, s.name, s.id limit ${limit} offset ${offset}`,
    ),
  );
  return rows.map(homeOf);
}

export const homeChoices = (tx: Tx, userId: number, query: { keyword?: string; limit: number; size: number }) =>
  enabledSchemes(tx, offeredTo(userId), query.keyword, query.size, (query.limit - 1) * query.size);

export const releasedHomes = (tx: Tx, keyword?: string) => enabledSchemes(tx, sql`true`, keyword);

/** The person's own choice while it is offered to them and enabled, else the default, else none. */
export async function currentHome(tx: Tx, userId: number, systemId: string): Promise<CurrentHome> {
  const [own] = rowsOf(
    await tx.execute(sql`select s.* from ${visualHomes} h join ${desktopSchemes} s on s.id = h.scheme_id
      where h.user_id = ${userId} and h.system_id = ${systemId} and s.enabled and ${offeredTo(userId)}`),
  );
  if (own) return { source: 'own', scheme: withContent(fromSql(own)) };
  const [fallback] = await tx
    .select()
    .from(desktopSchemes)
    .where(and(eq(desktopSchemes.isDefault, true), eq(desktopSchemes.enabled, true)));
  return fallback ? { source: 'default', scheme: withContent(fallback) } : { source: 'none', scheme: null };
}

/** Makes `schemeId` the person's home page (it must be offered to them); 0 forgets their choice. */
export async function chooseHome(ctx: Ctx, userId: number, schemeId: number, systemId: string): Promise<CurrentHome> {
  const { tx } = ctx;
  if (schemeId === 0) {
    await tx.delete(visualHomes).where(and(eq(visualHomes.userId, userId), eq(visualHomes.systemId, systemId)));
  } else {
    const [offered] = rowsOf(await tx.execute(sql`select s.id from ${desktopSchemes} s where s.id = ${schemeId} and s.enabled and ${offeredTo(userId)}`));
    if (!offered) throw notFound('desktop.notOffered');
    await tx
      .insert(visualHomes)
      .values({ userId, systemId, schemeId })
      .onConflictDoUpdate({ target: [visualHomes.tenantId, visualHomes.userId, visualHomes.systemId], set: { schemeId, updatedAt: new Date() } });
  }
  await ctx.audit.record(tx, ctx.actor, { action: 'update', resource: 'visual-home', resourceId: userId, after: { systemId, schemeId } });
  return currentHome(tx, userId, systemId);
}

/** A tenant's starter desktop (offered to everyone, not the default: the built-in dashboard stays until one is chosen). */
export async function provisionDemoDesktop(ctx: Ctx): Promise<void> {
  const [any] = await ctx.tx.select({ id: desktopSchemes.id }).from(desktopSchemes).limit(1);
  if (any) return;
  const names = {
    zh: { name: '工作台', description: '待办、公告、统计与常用入口' },
    en: { name: 'Workbench', description: 'To-do, notices, figures and shortcuts' },
    ja: { name: 'ワークベンチ', description: 'タスク、お知らせ、統計、よく使う入口' },
  }[ctx.actor.language];
  await createScheme(ctx, {
    code: 'workbench',
    ...names,
    enabled: true,
    content: {
      widgets: [
        { i: 'users', type: 'count', title: '', x: 0, y: 0, w: 3, h: 3, figure: 'users' },
        { i: 'roles', type: 'count', title: '', x: 3, y: 0, w: 3, h: 3, figure: 'roles' },
        { i: 'todo', type: 'todo', title: '', x: 6, y: 0, w: 6, h: 6, limit: 5 },
        { i: 'signins', type: 'chart', title: '', x: 0, y: 3, w: 6, h: 6, chart: 'signInsByDay', chartKind: 'line' },
        { i: 'notices', type: 'notices', title: '', x: 6, y: 6, w: 6, h: 5, limit: 5 },
        { i: 'links', type: 'shortcuts', title: '', x: 0, y: 9, w: 6, h: 3, links: ['/controller/usermanage', '/controller/notices', '/workflow/tasks'] },
      ],
    },
  });
}
