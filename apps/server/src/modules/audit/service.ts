import type { Actor } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { auditLogs } from './tables.ts';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'login' | 'logout' | 'refresh';
  resource: string;
  resourceId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes the audit row of a change, in the same transaction as the change itself. */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    tenantId: actor.tenantId,
    userId: actor.userId,
    account: actor.account,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId === undefined ? '' : String(entry.resourceId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
