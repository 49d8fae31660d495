import { rowsOf, type Tx } from '@macro/store';
import { sql } from 'drizzle-orm';

/**
 * Ends the live sessions of the transaction's tenant — all of them, or one user's (but the one
 * in `keep`) — so their access and refresh tokens stop working at once. Returns how many ended.
 * Requests cannot touch sessions themselves: the database function does (migration 0031).
 */
export async function endSessions(tx: Tx, userId?: number, keep?: string): Promise<number> {
  const [row] = rowsOf<{ ended: number }>(await tx.execute(sql`select macro_sessions_end(${userId ?? null}::integer, ${keep ?? null}::text) as ended`));
  return Number(row?.ended ?? 0);
}

/** Ends one live session of the transaction's tenant (sign-out). */
export async function endSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.execute(sql`select macro_session_end(${sessionId})`);
}

/** Rotates a live session of the transaction's tenant to a new refresh token; false when it is not live. */
export async function rotateSession(tx: Tx, sessionId: string, nextHash: string): Promise<boolean> {
  const [row] = rowsOf<{ rotated: boolean }>(await tx.execute(sql`select macro_session_rotate(${sessionId}, ${nextHash}) as rotated`));
  return row?.rotated === true;
}
