import { COMPANY_NATURE_DICT, type Company, type CompanyTreeNode, type companySubmit, ORG_ROOT } from '@macro/contract/org';
import { type Ctx, rowsOf, type Tx } from '@macro/store';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { buildTree, childLeftBehind, isSelfOrDescendant, lockTreeMoves } from '../../platform/tree.ts';
import { dictionaryNames, iso } from './shared.ts';
import { COMPANY_TREE, companies, departments } from './tables.ts';

export type CompanyInput = z.output<typeof companySubmit>;
type CompanyRow = typeof companies.$inferSelect;

const RESOURCE = 'company';
export const COMPANY_NOT_FOUND = { message: 'org.companyNotFound' };

const COLUMNS = sql`t.*, coalesce(p.company_name, '') as parent_name,
  exists (select 1 from ${companies} c where c.parent_id = t.id) as has_children`;

function toCompany(row: Record<string, unknown>, natures: Map<string, string>): Company {
  const natureKey = String(row.nature_key);
  return {
    id: Number(row.id),
    parentId: Number(row.parent_id),
    parentName: String(row.parent_name ?? ''),
    companyName: String(row.company_name),
    shortName: String(row.short_name),
    companyCode: String(row.company_code),
    natureKey,
    natureName: natures.get(natureKey) ?? '',
    manager: String(row.manager),
    foundedDate: String(row.founded_date),
    businessScope: String(row.business_scope),
    phone: String(row.phone),
    extension: String(row.extension),
    fax: String(row.fax),
    email: String(row.email),
    sort: Number(row.sort),
    remark: String(row.remark),
    hasChildren: Boolean(row.has_children),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

export async function companyDetail(tx: Tx, id: number): Promise<Company> {
  const [row] = rowsOf(await tx.execute(sql`select ${COLUMNS} from ${companies} t left join ${companies} p on p.id = t.parent_id where t.id = ${id}`));
  if (!row) throw notFound('org.companyNotFound');
  return toCompany(row, await dictionaryNames(tx, COMPANY_NATURE_DICT));
}

/** The company, locked against removal while the caller adds to it (a department, a subsidiary). */
export async function lockCompanyShared(tx: Tx, id: number, message = 'org.companyNotFound'): Promise<CompanyRow> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('share');
  if (!row) throw notFound(message);
  return row;
}

export async function companyRows(tx: Tx): Promise<CompanyRow[]> {
  return tx.select().from(companies).orderBy(asc(companies.sort), asc(companies.id));
}

export async function companyTree(tx: Tx): Promise<CompanyTreeNode[]> {
  return buildTree(
    await companyRows(tx),
    (r): CompanyTreeNode => ({ id: r.id, parentId: r.parentId, title: r.companyName, key: r.id, value: r.id, code: r.companyCode, children: [] }),
    { id: (r) => r.id, parentId: (r) => r.parentId },
  );
}

async function assertNature(tx: Tx, key: string): Promise<void> {
  if (key === '') return;
  if (!(await dictionaryNames(tx, COMPANY_NATURE_DICT)).has(key)) throw badRequest('org.natureInvalid', { key });
}

/** Creates (no id) or updates a company: code unique, nature from CompanyNature, no cycles. */
export async function submitCompany(ctx: Ctx, input: CompanyInput): Promise<Company> {
  const { tx } = ctx;
  await assertNature(tx, input.natureKey);
  await assertUnique(tx, companies, eq(companies.companyCode, input.companyCode), {
    exceptId: input.id,
    message: 'org.companyCodeExists',
    params: { code: input.companyCode },
  });
  const { id, ...values } = input;
  if (id === undefined) {
    if (input.parentId !== ORG_ROOT) await lockCompanyShared(tx, input.parentId, 'org.parentCompanyNotFound');
    const row = await auditedInsert(ctx, companies, RESOURCE, values);
    return companyDetail(tx, row.id);
  }
  // The tree lock comes before any row lock: two opposite moves would otherwise each hold the
  // row the other wants to read under the tree lock (a deadlock).
  if (input.parentId !== ORG_ROOT) await lockTreeMoves(tx, COMPANY_TREE);
  const before = await findOr404(tx, companies, id, { lock: true, ...COMPANY_NOT_FOUND });
  if (before.parentId !== input.parentId && input.parentId !== ORG_ROOT) {
    await lockCompanyShared(tx, input.parentId, 'org.parentCompanyNotFound');
    if (await isSelfOrDescendant(tx, COMPANY_TREE, id, input.parentId)) throw conflict('org.companyCycle');
  }
  await auditedUpdate(ctx, companies, RESOURCE, before, { ...values, updatedAt: new Date() });
  return companyDetail(tx, id);
}

/** Deletes a company that has neither subsidiaries nor departments. */
export async function removeCompany(ctx: Ctx, id: number): Promise<number> {
  const { tx } = ctx;
  // Locked first: a subsidiary or department added meanwhile either committed already or waits.
  const row = await findOr404(tx, companies, id, { lock: true, ...COMPANY_NOT_FOUND });
  if (await childLeftBehind(tx, COMPANY_TREE, [id])) throw conflict('org.companyHasChildren', { name: row.companyName });
  const [dept] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.companyId, id)).limit(1);
  if (dept) throw conflict('org.companyHasDepartments', { name: row.companyName });
  return auditedDelete(ctx, companies, RESOURCE, [row]);
}

/** Whether the tenant has any company (starter data is added once). */
export async function hasCompanies(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ id: companies.id }).from(companies).limit(1);
  return Boolean(row);
}
