import { type Db, rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { authRateLimits } from './tables.ts';

/**
 * Window counters in the database, so every replica counts against the same limit: one atomic
 * upsert per hit, times taken from the database's clock (replicas' clocks may differ). A window
 * opens at the first hit after the last one closed, so a burst is counted whole whenever it starts
 * (a window aligned to the clock would let a burst straddling its edge have twice the limit).
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = sql`make_interval(secs => ${windowSeconds}::int)`;
  const [row] = rowsOf<{ hits: number; retry: number }>(
    await db.execute(sql`
      insert into ${authRateLimits} as r (key, window_start, hits)
      values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when r.window_start + ${window} > now() then r.hits + 1 else 1 end,
        window_start = case when r.window_start + ${window} > now() then r.window_start else now() end
      returning hits, greatest(1, ceil(extract(epoch from window_start + ${window} - now())))::int as retry`),
  );
  if (Number(row.hits) > limit) throw new TooManyAttempts(Number(row.retry));
}

/** 429 with the seconds until the window turns (for `Retry-After`). */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, 'auth.tooManyAttempts', { seconds: retryAfter });
  }
}

/** Forgets windows long past. */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from ${authRateLimits} where window_start < now() - interval '1 day'`);
}
