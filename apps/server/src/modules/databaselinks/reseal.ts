import type { Db } from '@macro/store';
import { eq, isNotNull } from 'drizzle-orm';
import type { SecretBox } from '../../platform/secrets.ts';
import { databaseLinks } from './tables.ts';

export interface ResealReport {
  /** Sealed again under the current key. */
  resealed: number;
  /** Already under the current key. */
  current: number;
  /** Sealed under a key not configured (or altered): left as they are, by tenant and link id. */
  unopened: string[];
}

/**
 * Seals every link password of every tenant again under the current data key (step 2 of a key
 * rotation, docs/security.md): run as the owner, each link in a statement of its own, so a
 * value that cannot be opened is reported and the others still move.
 */
export async function resealLinkPasswords(db: Db, box: SecretBox): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, current: 0, unopened: [] };
  const rows = await db
    .select({ id: databaseLinks.id, tenantId: databaseLinks.tenantId, sealed: databaseLinks.passwordSealed })
    .from(databaseLinks)
    .where(isNotNull(databaseLinks.passwordSealed));
  for (const row of rows) {
    const sealed = row.sealed ?? '';
    if (box.isCurrent(sealed)) {
      report.current += 1;
      continue;
    }
    let plain: string;
    try {
      plain = box.open(sealed);
    } catch {
      report.unopened.push(`${row.tenantId}/${row.id}`);
      continue;
    }
    await db
      .update(databaseLinks)
      .set({ passwordSealed: box.seal(plain) })
      .where(eq(databaseLinks.id, row.id));
    report.resealed += 1;
  }
  return report;
}
