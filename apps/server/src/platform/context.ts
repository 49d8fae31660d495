import type { Language } from '@macro/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './db.ts';
import { APP_ROLE } from './tenancy.ts';

/** Who is acting, for tenant scoping and the audit log. */
export interface Actor {
  tenantId: string;
  userId: number | null;
  account: string;
  ip: string;
  language: Language;
}

/**
 * Runs `work` in one transaction scoped to a tenant: the tenant setting that row-level
 * security reads is set for this transaction only, and the queries run as the request role.
 */
export function inTenant<T>(db: Db, tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${APP_ROLE}, true)`,
    );
    return work(tx);
  });
}
