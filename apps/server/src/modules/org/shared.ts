import { type Tx, rowsOf } from '@macro/store';
import { type SQL, sql } from 'drizzle-orm';
import { lockForTenant } from '../../platform/crud.ts';
import { dictionaryOptions } from '../dict/public.ts';

export const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * Serialises moves in one tree of the tenant: two concurrent moves (A under B, B under A)
 * each see no cycle on their own, so the second waits for the first and then sees it.
 */
export async function lockTree(tx: Tx, tree: string): Promise<void> {
  await lockForTenant(tx, `tree:${tree}`);
}

/** Whether `candidate` is `id` or lies under it in the tree of `table` (parent_id). */
export async function isSelfOrDescendant(tx: Tx, table: SQL, id: number, candidate: number): Promise<boolean> {
  if (candidate === id) return true;
  const rows = rowsOf<{ found: boolean }>(
    await tx.execute(sql`
      with recursive below(id) as (
        select t.id from ${table} t where t.parent_id = ${id}
        union
        select t.id from ${table} t join below b on t.parent_id = b.id
      )
      select exists (select 1 from below where id = ${candidate}) as found`),
  );
  return Boolean(rows[0]?.found);
}

/** key → name of a dictionary's options (CompanyNature, DepartmentNature). */
export async function dictionaryNames(tx: Tx, code: string): Promise<Map<string, string>> {
  const options = await dictionaryOptions(tx, 'system', code);
  return new Map(options.map((o) => [o.value, o.label]));
}
