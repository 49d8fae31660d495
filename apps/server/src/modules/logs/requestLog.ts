import { withTenant, type Db } from '@macro/store';
import { sql } from 'drizzle-orm';
import type { RequestLogEntry, RequestLogPort } from '../../platform/module.ts';
import { apiLogs } from './tables.ts';

/** Lines kept at most while the database cannot take them; older ones are dropped first. */
const BUFFER_MAX = 10_000;
/** A full batch is written at once rather than at the next tick. */
const BATCH = 500;

/** A line as recorded: the request's entry and when it was answered. */
interface Line {
  entry: RequestLogEntry;
  at: number;
}

/**
 * One insert of a batch: each column sent as one array (ten parameters whatever the batch's
 * size), each line stamped with the time it was answered, not the time it was written.
 */
function insertLines(lines: readonly Line[]) {
  const column = <T>(pick: (line: Line) => T) => sql.param(lines.map(pick));
  return sql`insert into ${apiLogs} (user_id, account, method, path, operation_id, status, duration_ms, ip, created_at)
    select * from unnest(${column((l) => l.entry.userId)}::integer[], ${column((l) => l.entry.account)}::text[],
      ${column((l) => l.entry.method)}::text[], ${column((l) => l.entry.path)}::text[], ${column((l) => l.entry.operationId)}::text[],
      ${column((l) => l.entry.status)}::integer[], ${column((l) => l.entry.durationMs)}::integer[], ${column((l) => l.entry.ip)}::text[],
      ${column((l) => new Date(l.at).toISOString())}::timestamptz[])`;
}

/**
 * The API access log, written off the request path: lines gather in memory and go to each
 * tenant's table once a second (or when a batch fills), one insert per tenant, so a request
 * pays nothing for being logged. Lines of the last second are lost if the process dies.
 */
export function bufferedRequestLog(db: Db, intervalMs = 1000, onError: (error: unknown) => void = () => {}): RequestLogPort {
  let pending: Line[] = [];
  let writing: Promise<void> = Promise.resolve();

  const write = async (lines: Line[]) => {
    const byTenant = new Map<string, Line[]>();
    for (const line of lines) {
      const rows = byTenant.get(line.entry.tenantId);
      if (rows) rows.push(line);
      else byTenant.set(line.entry.tenantId, [line]);
    }
    for (const [tenantId, rows] of byTenant) {
      try {
        await withTenant(db, tenantId, (tx) => tx.execute(insertLines(rows)));
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
      pending.push({ entry, at: Date.now() });
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
