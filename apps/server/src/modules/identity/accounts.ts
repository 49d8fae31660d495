import type { Page, PageQuery } from '@macro/contract';
import type { Tx } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import { containing, listPage } from '../../platform/list.ts';
import { users } from './tables.ts';

/** An account as seen from outside its tenant (the platform administrator's tenant screen). */
export interface AccountBrief {
  id: number;
  account: string;
  name: string;
  status: number;
  createTime: string;
}

const brief = (row: Record<string, unknown>): AccountBrief => ({
  id: Number(row.id),
  account: String(row.account),
  name: String(row.name),
  status: Number(row.status),
  createTime: new Date(row.created_at as string).toISOString(),
});

/** Users of the transaction's tenant, by account (substring). */
export function listAccounts(tx: Tx, query: PageQuery & { account?: string }): Promise<Page<AccountBrief>> {
  return listPage(
    tx,
    {
      table: sql`${users}`,
      where: query.account ? sql`t.account ilike ${containing(query.account)}` : sql`true`,
      order: ['id'],
      columns: sql`t.id, t.account, t.name, t.status, t.created_at`,
      toRecord: brief,
    },
    query,
  );
}

export async function countAccounts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row.n);
}

/** One user of the transaction's tenant, locked for change. */
export async function findAccount(tx: Tx, id: number): Promise<AccountBrief | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ? brief({ ...row, created_at: row.createdAt }) : undefined;
}

export async function changeAccount(tx: Tx, id: number, change: { name?: string; status?: number }): Promise<AccountBrief> {
  const [row] = await tx.update(users).set(change).where(eq(users.id, id)).returning();
  return brief({ ...row, created_at: row.createdAt });
}

export async function removeAccount(tx: Tx, id: number): Promise<number> {
  return (await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length;
}
