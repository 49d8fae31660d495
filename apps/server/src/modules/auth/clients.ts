import type { Db, Tx } from '@macro/store';
import { eq } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { oauthClients } from './tables.ts';

/** The grant types a confidential client may be allowed. */
export { CLIENT_GRANTS } from '@macro/contract/oauthclients';

/**
 * The client a token request came from: `id` null for the console's public client, which may use
 * every grant with the configured TTLs; otherwise a confidential client with its own.
 */
export interface GrantClient {
  id: string | null;
  grants: readonly string[] | 'all';
  accessTtl: number;
  refreshTtl: number;
  /** The account `client_credentials` signs in as (confidential clients allowed that grant). */
  service: { tenantId: string; account: string } | null;
}

export const consoleClient = (config: Config): GrantClient => ({
  id: null,
  grants: 'all',
  accessTtl: config.accessTtl,
  refreshTtl: config.refreshTtl,
  service: null,
});

export async function findClient(db: Db | Tx, clientId: string) {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return row;
}
