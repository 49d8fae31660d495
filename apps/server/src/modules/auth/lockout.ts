import { type Db, rowsOf, type Tx } from '@macro/store';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { authLockouts } from './tables.ts';

/*
 * Sign-in lockout, per tenant and account name. An attempt first reserves its place in one
 * atomic statement (so concurrent guesses cannot exceed the limit: past it they are refused
 * without their password being looked at), then reports how it went. The lock ends by itself
 * after its time, which doubles with each lock in a row, or when an administrator lifts it.
 */

export interface LockPolicy {
  /** Attempts allowed before a lock. */
  limit: number;
  /** Seconds the first lock lasts. */
  lockSeconds: number;
}

/** Longest lock, whatever the doubling says: about 24 days at the default. */
const MAX_DOUBLINGS = 11;

/**
 * Takes one attempt for the account, as the server (outside any request scope): false when it
 * is locked or its allowed attempts are all taken (some may still be being checked).
 */
export async function reserveAttempt(db: Db, tenantId: string, account: string, policy: LockPolicy): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into ${authLockouts} as l (tenant_id, account, failures) values (${tenantId}, ${account}, 1)
      on conflict (tenant_id, account) do update set
        failures = case when l.locked_until <= now() then 1 else l.failures + 1 end,
        locked_until = case when l.locked_until <= now() then null else l.locked_until end,
        updated_at = now()
      where (l.locked_until is null and l.failures < ${policy.limit}::int) or l.locked_until <= now()
      returning failures`),
  );
  return rows.length > 0;
}

/**
 * A wrong password (or an unknown account or tenant): when the attempts taken reach the limit
 * the account locks, for twice as long as its previous lock in a row. Only one report can lock.
 */
export async function recordFailure(db: Db, tenantId: string, account: string, policy: LockPolicy): Promise<void> {
  await db.execute(sql`
    update ${authLockouts} set
      locked_until = now() + make_interval(secs => ${policy.lockSeconds}::int * power(2, least(locks, ${MAX_DOUBLINGS}::int))),
      locks = locks + 1,
      updated_at = now()
    where tenant_id = ${tenantId} and account = ${account} and locked_until is null and failures >= ${policy.limit}::int`);
}

/**
 * A right password: clears the count and the lock history, unless a lock landed meanwhile
 * (then false, and the sign-in is refused like any attempt on a locked account).
 */
export async function recordSuccess(db: Db, tenantId: string, account: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update ${authLockouts} set failures = 0, locks = 0, updated_at = now()
      where tenant_id = ${tenantId} and account = ${account} and (locked_until is null or locked_until <= now())
      returning account`),
  );
  if (rows.length) return true;
  // No row: nothing was reserved (cannot happen after reserveAttempt) or the account is locked.
  const [lock] = rowsOf<{ locked: boolean }>(
    await db.execute(sql`
      select locked_until > now() as locked from ${authLockouts} where tenant_id = ${tenantId} and account = ${account}`),
  );
  return !lock?.locked;
}

/** SQL: the account of this tenant is locked now (a probe of the lockout key, for lists to fold in). */
export function accountLockedSql(tenantId: SQL, account: SQL): SQL {
  return sql`exists (select 1 from ${authLockouts} l where l.tenant_id = ${tenantId} and l.account = ${account}
    and l.locked_until > now())`;
}

/** The lock state of accounts of the transaction's tenant, for the unlock's audit. */
export async function lockStates(tx: Tx, accounts: readonly string[]) {
  if (!accounts.length) return [];
  return tx
    .select()
    .from(authLockouts)
    .where(inArray(authLockouts.account, [...accounts]));
}

/** Lifts the lock of an account of the transaction's tenant and forgets its failures. */
export async function unlockAccount(tx: Tx, account: string): Promise<boolean> {
  const removed = await tx.delete(authLockouts).where(eq(authLockouts.account, account)).returning({ account: authLockouts.account });
  return removed.length > 0;
}

/** Forgets stale counters (no lock in force, untouched for a day): unknown accounts leave rows too. */
export async function sweepLockouts(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${authLockouts}
    where updated_at < now() - interval '1 day' and (locked_until is null or locked_until <= now())`);
}
