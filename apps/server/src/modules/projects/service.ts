import type { Page } from '@macro/contract';
import type { Project, ProjectRole, projectListQuery, projectRoleListQuery, projectRoleSubmit, projectSubmit } from '@macro/contract/projects';
import type { Ctx, Tx } from '@macro/store';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404, lockAll } from '../../platform/crud.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { containing, listPage } from '../../platform/list.ts';
import { projectRoles, projects } from './tables.ts';
import { iso } from '../../platform/time.ts';

const PROJECT_COLUMNS = sql`t.*, (select count(*)::int from ${projectRoles} r where r.project_id = t.id) as role_count`;

function toProject(row: Record<string, unknown>): Project {
  return {
    id: Number(row.id),
    projectName: String(row.project_name),
    projectCode: String(row.project_code),
    manager: String(row.manager),
    startDate: String(row.start_date),
    endDate: String(row.end_date),
    status: Number(row.status),
    sort: Number(row.sort),
    remark: String(row.remark),
    roleCount: Number(row.role_count ?? 0),
    createTime: iso(row.created_at),
  };
}

const ROLE_COLUMNS = sql`t.*, p.project_name`;
const ROLE_JOINS = sql`join ${projects} p on p.id = t.project_id`;

function toRole(row: Record<string, unknown>): ProjectRole {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    projectName: String(row.project_name),
    roleName: String(row.role_name),
    roleAlias: String(row.role_alias),
    sort: Number(row.sort),
    remark: String(row.remark),
    createTime: iso(row.created_at),
  };
}

async function one<T>(tx: Tx, select: ReturnType<typeof sql>, toRecord: (row: Record<string, unknown>) => T): Promise<T> {
  const result = (await tx.execute(select)) as unknown as { rows: Record<string, unknown>[] };
  return toRecord(result.rows[0]);
}

const projectById = (tx: Tx, id: number) => one(tx, sql`select ${PROJECT_COLUMNS} from ${projects} t where t.id = ${id}`, toProject);
const roleById = (tx: Tx, id: number) => one(tx, sql`select ${ROLE_COLUMNS} from ${projectRoles} t ${ROLE_JOINS} where t.id = ${id}`, toRole);

export function listProjects(tx: Tx, query: z.output<typeof projectListQuery>): Promise<Page<Project>> {
  const filters = [sql`true`];
  if (query.projectName) filters.push(sql`t.project_name ilike ${containing(query.projectName)}`);
  if (query.projectCode) filters.push(sql`t.project_code ilike ${containing(query.projectCode)}`);
  return listPage(
    tx,
    { table: sql`${projects}`, where: sql.join(filters, sql` and `), order: ['sort', 'id'], columns: PROJECT_COLUMNS, toRecord: toProject },
    query,
  );
}

export async function projectDetail(tx: Tx, id: number): Promise<Project> {
  await findOr404(tx, projects, id, { message: 'projects.notFound' });
  return projectById(tx, id);
}

export async function submitProject(ctx: Ctx, body: z.output<typeof projectSubmit>): Promise<Project> {
  const { id, ...values } = body;
  await assertUnique(ctx.tx, projects, eq(projects.projectCode, values.projectCode), {
    exceptId: id,
    message: 'projects.codeExists',
    params: { code: values.projectCode },
  });
  if (id === undefined) return projectById(ctx.tx, (await auditedInsert(ctx, projects, 'project', values)).id);
  const before = await findOr404(ctx.tx, projects, id, { lock: true, message: 'projects.notFound' });
  await auditedUpdate(ctx, projects, 'project', before, { ...values, updatedAt: new Date() });
  return projectById(ctx.tx, id);
}

export async function removeProjects(ctx: Ctx, ids: readonly number[]): Promise<{ removed: number }> {
  const rows = await lockAll(ctx.tx, projects, ids, { message: 'projects.notFound' });
  for (const row of rows) {
    // Locked projects take no new roles meanwhile (a role insert checks its project under FOR SHARE).
    const [role] = await ctx.tx.select({ id: projectRoles.id }).from(projectRoles).where(eq(projectRoles.projectId, row.id)).limit(1);
    if (role) throw conflict('projects.hasRoles', { name: row.projectName });
  }
  return { removed: await auditedDelete(ctx, projects, 'project', rows) };
}

export function listProjectRoles(tx: Tx, query: z.output<typeof projectRoleListQuery>): Promise<Page<ProjectRole>> {
  const filters = [sql`true`];
  if (query.projectId !== undefined) filters.push(sql`t.project_id = ${query.projectId}`);
  if (query.roleName) filters.push(sql`t.role_name ilike ${containing(query.roleName)}`);
  return listPage(
    tx,
    { table: sql`${projectRoles}`, where: sql.join(filters, sql` and `), order: ['sort', 'id'], columns: ROLE_COLUMNS, joins: ROLE_JOINS, toRecord: toRole },
    query,
  );
}

export async function projectRoleDetail(tx: Tx, id: number): Promise<ProjectRole> {
  await findOr404(tx, projectRoles, id, { message: 'projects.roleNotFound' });
  return roleById(tx, id);
}

export async function submitProjectRole(ctx: Ctx, body: z.output<typeof projectRoleSubmit>): Promise<ProjectRole> {
  const { id, ...values } = body;
  // The project must exist and stay while the role is written (a removal waits for us, or we for it).
  const [project] = await ctx.tx.select({ id: projects.id }).from(projects).where(eq(projects.id, values.projectId)).for('share');
  if (!project) throw notFound('projects.notFound');
  await assertUnique(ctx.tx, projectRoles, and(eq(projectRoles.projectId, values.projectId), eq(projectRoles.roleAlias, values.roleAlias)), {
    exceptId: id,
    message: 'projects.aliasExists',
    params: { alias: values.roleAlias },
  });
  if (id === undefined) return roleById(ctx.tx, (await auditedInsert(ctx, projectRoles, 'project-role', values)).id);
  const before = await findOr404(ctx.tx, projectRoles, id, { lock: true, message: 'projects.roleNotFound' });
  await auditedUpdate(ctx, projectRoles, 'project-role', before, { ...values, updatedAt: new Date() });
  return roleById(ctx.tx, id);
}

export async function removeProjectRoles(ctx: Ctx, ids: readonly number[]): Promise<{ removed: number }> {
  const rows = await lockAll(ctx.tx, projectRoles, ids, { message: 'projects.roleNotFound' });
  return { removed: await auditedDelete(ctx, projectRoles, 'project-role', rows) };
}
