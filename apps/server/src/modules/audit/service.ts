import type { AuditPort } from '@macro/store';
import { auditLogs } from './tables.ts';

/** Writes the audit row of a change, in the same transaction as the change itself. */
export const auditLog: AuditPort = {
  async record(tx, actor, entry) {
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
  },
};
