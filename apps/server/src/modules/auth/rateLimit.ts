import { type Db, rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { authRateLimits } from './tables.ts';

/**
 * Fixed-window counters in the database, so every replica counts against the same limit: one
 * atomic upsert per hit, the window computed by the database's clock (replicas' clocks may differ).
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const [row] = rowsOf<{ hits: number; retry: number }>(
    await db.execute(sql`
      insert into ${authRateLimits} as r (key, window_start, hits)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int), 1)
      on conflict (key) do update set
        hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
        window_start = excluded.window_start
      returning hits, greatest(1, ceil(extract(epoch from window_start - now()) + ${windowSeconds}::int))::int as retry`),
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
