import { rowsOf, type Tx } from '@macro/store';
import { eq, inArray, sql } from 'drizzle-orm';
import { findOr404 } from '../../platform/crud.ts';
import { companies, departments } from './tables.ts';
import { walkDownSql } from '../../platform/tree.ts';

/*
 * What the users module asks the organisation about the people in it: which company a
 * department belongs to, and which departments make up companies.
 */

/** The department exists in the tenant, or 404. */
export async function assertDepartment(tx: Tx, deptId: number): Promise<void> {
  await findOr404(tx, departments, deptId, { message: 'org.deptNotFound' });
}

/** The company the department belongs to; null when the department does not exist. */
export async function companyOfDepartment(tx: Tx, deptId: number): Promise<number | null> {
  const [row] = await tx.select({ companyId: departments.companyId }).from(departments).where(eq(departments.id, deptId));
  return row?.companyId ?? null;
}

/** Every department of these companies. */
export async function departmentsOfCompanies(tx: Tx, companyIds: readonly number[]): Promise<number[]> {
  if (!companyIds.length) return [];
  const rows = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(inArray(departments.companyId, [...companyIds]));
  return rows.map((r) => r.id);
}

/** The companies below this one, at any depth (the company itself excluded). */
export async function companiesBelow(tx: Tx, companyId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await tx.execute(walkDownSql(companies, sql`select c.id from ${companies} c where c.parent_id = ${companyId}`)));
  return rows.map((r) => Number(r.id));
}

/** The company exists in the tenant, or 404. */
export async function assertCompany(tx: Tx, companyId: number): Promise<void> {
  await findOr404(tx, companies, companyId, { message: 'org.companyNotFound' });
}
