import type { Page, PageQuery } from '@macro/contract';
import type { relationInput } from '@macro/contract/workflow';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import type { WorkflowEngine } from '@macro/workflow';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { posts } from '../posts/public.ts';
import { roles } from '../identity/public.ts';
import { USER_STATUS, userPosts, userRoles, users } from '../identity/public.ts';
import { assertUsers } from './instance.ts';
import { wfRelations, wfSchemes } from './tables.ts';

/*
 * Workflow relations: a template's start form and its authority (who may start it). A template
 * with a relation whose authority names anyone can be started only by those it names.
 */

const RESOURCE = 'workflow-relation';
const NOT_FOUND = { message: 'workflow.relationNotFound' };
const SCHEME_NOT_FOUND = { message: 'workflow.templateNotFound' };

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : typeof value === 'string' ? (JSON.parse(value) as number[]) : []);

const COLUMNS = sql`t.id, t.name, t.scheme_id, t.form_key, t.remark, t.auth_users, t.auth_roles, t.auth_posts, t.created_at, s.name as scheme_name, s.code`;
const fromSql = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  name: String(r.name),
  nwfSchemeInfoId: Number(r.scheme_id),
  schemeName: String(r.scheme_name ?? ''),
  code: String(r.code ?? ''),
  formKey: String(r.form_key),
  remark: String(r.remark),
  authority: { users: ids(r.auth_users), roles: ids(r.auth_roles), posts: ids(r.auth_posts) },
  createTime: new Date(r.created_at as string).toISOString(),
});
type RelationRecord = ReturnType<typeof fromSql>;

export async function listRelations(tx: Tx, query: PageQuery & { keyword?: string }): Promise<Page<RelationRecord>> {
  const where = query.keyword ? sql`t.name ilike ${containing(query.keyword)}` : sql`true`;
  return listPage(
    tx,
    {
      table: sql`${wfRelations}`,
      where,
      order: ['id'],
      descending: true,
      columns: COLUMNS,
      joins: sql`left join ${wfSchemes} s on s.id = t.scheme_id`,
      toRecord: fromSql,
    },
    query,
  );
}

export async function relationInfo(tx: Tx, id: number): Promise<RelationRecord> {
  const [row] = rowsOf(await tx.execute(sql`select ${COLUMNS} from ${wfRelations} t left join ${wfSchemes} s on s.id = t.scheme_id where t.id = ${id}`));
  if (!row) throw notFound(NOT_FOUND.message);
  return fromSql(row);
}

/** Every named role, post and user must exist in the tenant (422 otherwise). */
async function assertAuthority(tx: Tx, authority: z.output<typeof relationInput>['authority']) {
  await assertUsers(tx, authority.users);
  const count = async (table: typeof roles | typeof posts, wanted: number[]) => {
    const unique = [...new Set(wanted)];
    if (!unique.length) return;
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${table} where id = any(${`{${unique.join(',')}}`}::int[])`));
    if (Number(n) !== unique.length) throw unprocessable('common.idsInvalid');
  };
  await count(roles, authority.roles);
  await count(posts, authority.posts);
}

async function values(tx: Tx, input: z.output<typeof relationInput>, exceptId?: number) {
  await findOr404(tx, wfSchemes, input.nwfSchemeInfoId, SCHEME_NOT_FOUND);
  const [taken] = await tx.select({ id: wfRelations.id }).from(wfRelations).where(eq(wfRelations.schemeId, input.nwfSchemeInfoId));
  if (taken && taken.id !== exceptId) throw conflict('workflow.relationExists');
  await assertAuthority(tx, input.authority);
  return {
    name: input.name,
    schemeId: input.nwfSchemeInfoId,
    formKey: input.formKey,
    remark: input.remark,
    authUsers: [...new Set(input.authority.users)],
    authRoles: [...new Set(input.authority.roles)],
    authPosts: [...new Set(input.authority.posts)],
  };
}

export async function createRelation(ctx: Ctx, input: z.output<typeof relationInput>) {
  const row = await auditedInsert(ctx, wfRelations, RESOURCE, await values(ctx.tx, input));
  return relationInfo(ctx.tx, row.id);
}

export async function updateRelation(ctx: Ctx, id: number, input: z.output<typeof relationInput>) {
  const before = await findOr404(ctx.tx, wfRelations, id, { ...NOT_FOUND, lock: true });
  await auditedUpdate(ctx, wfRelations, RESOURCE, before, { ...(await values(ctx.tx, input, id)), updatedAt: new Date() });
  return relationInfo(ctx.tx, id);
}

export async function removeRelation(ctx: Ctx, id: number) {
  const before = await findOr404(ctx.tx, wfRelations, id, { ...NOT_FOUND, lock: true });
  await auditedDelete(ctx, wfRelations, RESOURCE, [before]);
  return { done: true as const };
}

/** The relation's form key (else the start node's) and the start node's field permissions. */
export async function relationFormInfoOf(tx: Tx, engine: WorkflowEngine, schemeId: number) {
  const scheme = await findOr404(tx, wfSchemes, schemeId, SCHEME_NOT_FOUND);
  const [relation] = await tx.select().from(wfRelations).where(eq(wfRelations.schemeId, schemeId));
  const definition = await engine.latestDefinition(tx, scheme.code);
  const model = await engine.modelOf(tx, definition.id);
  const form = model.nodes.get(model.startOf.get(model.id)!)?.settings.form;
  return {
    nwfSchemeInfoId: scheme.id,
    code: scheme.code,
    relationId: relation?.id ?? null,
    formKey: relation?.formKey || form?.formKey || null,
    fields: form?.fields ?? [],
  };
}

const authSql = (r: typeof wfRelations.$inferSelect) => sql`
  select u.id, u.account, u.name from ${users} u
  where u.status = ${USER_STATUS.enabled} and (
    u.id = any(${`{${[0, ...r.authUsers].join(',')}}`}::int[])
    or exists (select 1 from ${userRoles} ur where ur.user_id = u.id and ur.role_id = any(${`{${[0, ...r.authRoles].join(',')}}`}::int[]))
    or exists (select 1 from ${userPosts} up where up.user_id = u.id and up.post_id = any(${`{${[0, ...r.authPosts].join(',')}}`}::int[])))`;

const isOpen = (r: typeof wfRelations.$inferSelect | undefined) => !r || r.authUsers.length + r.authRoles.length + r.authPosts.length === 0;

/** Who the template's relation authorises to start it; `open` when it names no one (everyone with the code). */
export async function authUsersOf(tx: Tx, schemeId: number) {
  await findOr404(tx, wfSchemes, schemeId, SCHEME_NOT_FOUND);
  const [relation] = await tx.select().from(wfRelations).where(eq(wfRelations.schemeId, schemeId));
  if (!relation || isOpen(relation)) return { open: true, users: [] };
  const rows = rowsOf<{ id: number; account: string; name: string }>(await tx.execute(sql`${authSql(relation)} order by u.id`));
  return { open: false, users: rows.map((r) => ({ userId: Number(r.id), account: String(r.account), name: String(r.name) })) };
}

/**
 * Templates `userId` may start, as a condition on wf_scheme: those without a relation, with an
 * open one, or whose relation names the user, one of their roles or one of their posts. The
 * launch list and the start call both use it, so the list offers exactly what starts.
 */
export function startableBy(userId: number) {
  return sql`not exists (
    select 1 from ${wfRelations} r
    where r.scheme_id = ${wfSchemes.id}
      and jsonb_array_length(r.auth_users) + jsonb_array_length(r.auth_roles) + jsonb_array_length(r.auth_posts) > 0
      and not (
        r.auth_users @> to_jsonb(${userId}::int)
        or exists (select 1 from ${userRoles} ur where ur.user_id = ${userId} and r.auth_roles @> to_jsonb(ur.role_id))
        or exists (select 1 from ${userPosts} up where up.user_id = ${userId} and r.auth_posts @> to_jsonb(up.post_id))))`;
}

/** Refuses (403-like 422) a user the template's relation does not authorise to start it (the launch list's rule). */
export async function assertMayStart(tx: Tx, code: string, userId: number): Promise<void> {
  const [refused] = rowsOf(await tx.execute(sql`select 1 as refused from ${wfSchemes} where ${wfSchemes.code} = ${code} and not ${startableBy(userId)}`));
  if (refused) throw unprocessable('workflow.notAuthorisedToStart');
}
