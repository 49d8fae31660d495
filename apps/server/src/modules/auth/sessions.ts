import type { Tx } from '@macro/store';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { authSessions } from './tables.ts';

/**
 * Ends the live sessions the transaction's tenant scope shows — all of them, or one user's
 * (but the one in `keep`) — so their access and refresh tokens stop working at once. Returns
 * how many ended.
 */
export async function endSessions(tx: Tx, userId?: number, keep?: string): Promise<number> {
  const live = isNull(authSessions.revokedAt);
  const ended = await tx
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      userId === undefined
        ? live
        : and(live, eq(authSessions.userId, userId), keep === undefined ? undefined : ne(authSessions.id, keep)),
    )
    .returning({ id: authSessions.id });
  return ended.length;
}
