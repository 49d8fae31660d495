import { withTenant, type Db } from '@macro/store';
import type { RequestLogEntry, RequestLogPort } from '../../platform/module.ts';
import { apiLogs } from './tables.ts';

/** Lines kept at most while the database cannot take them; older ones are dropped first. */
const BUFFER_MAX = 10_000;
/** A full batch is written at once rather than at the next tick. */
const BATCH = 500;

/**
 * The API access log, written off the request path: lines gather in memory and go to each
 * tenant's table once a second (or when a batch fills), one insert per tenant, so a request
 * pays nothing for being logged. Lines of the last second are lost if the process dies.
 */
export function bufferedRequestLog(db: Db, intervalMs = 1000, onError: (error: unknown) => void = () => {}): RequestLogPort {
  let pending: RequestLogEntry[] = [];
  let writing: Promise<void> = Promise.resolve();

  const write = async (lines: RequestLogEntry[]) => {
    const byTenant = new Map<string, RequestLogEntry[]>();
    for (const line of lines) byTenant.set(line.tenantId, [...(byTenant.get(line.tenantId) ?? []), line]);
    for (const [tenantId, rows] of byTenant) {
      try {
        await withTenant(db, tenantId, (tx) =>
          tx.insert(apiLogs).values(
            rows.map((r) => ({
              userId: r.userId,
              account: r.account,
              method: r.method,
              path: r.path,
              operationId: r.operationId,
              status: r.status,
              durationMs: r.durationMs,
              ip: r.ip,
            })),
          ),
        );
      } catch (error) {
        onError(error);
      }
    }
  };
  const flush = () => {
    const lines = pending;
    pending = [];
    writing = writing.then(() => (lines.length ? write(lines) : undefined));
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref?.();
  return {
    record(entry) {
      pending.push(entry);
      if (pending.length > BUFFER_MAX) pending.splice(0, pending.length - BUFFER_MAX);
      if (pending.length >= BATCH) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
