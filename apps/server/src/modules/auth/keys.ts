import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '@macro/store';
import { eq, sql } from 'drizzle-orm';
import { authSessions, platformKeys } from './tables.ts';

export interface PlatformKeys {
  /** SPKI PEM the console encrypts passwords with. */
  publicKeyPem: string;
  privateKeyPem: string;
  /** HMAC secret for access tokens. */
  tokenSecret: Uint8Array;
}

/**
 * Loads the keys every replica shares, creating them on the first start, as the server's own
 * role (the request role cannot read them). Whoever inserts first wins; the others read what it wrote.
 */
export async function loadPlatformKeys(db: Db): Promise<PlatformKeys> {
  const rsa = await loadOrCreate(db, 'rsa', () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return JSON.stringify(pair);
  });
  const secret = await loadOrCreate(db, 'token-secret', () => randomBytes(48).toString('base64'));
  const pair = JSON.parse(rsa) as { publicKey: string; privateKey: string };
  return {
    publicKeyPem: pair.publicKey,
    privateKeyPem: pair.privateKey,
    tokenSecret: new Uint8Array(Buffer.from(secret, 'base64')),
  };
}

/** The stored key; made (an RSA pair costs a good part of a second) only when there is none yet. */
async function loadOrCreate(db: Db, name: string, create: () => string): Promise<string> {
  const read = async () => (await db.select().from(platformKeys).where(eq(platformKeys.name, name)))[0]?.value;
  const stored = await read();
  if (stored !== undefined) return stored;
  await db.insert(platformKeys).values({ name, value: create() }).onConflictDoNothing();
  return (await read())!;
}

/**
 * Replaces the token-signing secret and ends every live session of every tenant, in one
 * transaction on the owner's connection: access tokens signed before no longer verify (once each
 * server process has restarted and loaded the new secret), and no refresh token gets a new one.
 * Returns how many sessions ended.
 */
export async function rotateTokenSecret(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(platformKeys)
      .values({ name: 'token-secret', value: randomBytes(48).toString('base64') })
      .onConflictDoUpdate({ target: platformKeys.name, set: { value: sql`excluded.value` } });
    const ended = await tx.update(authSessions).set({ revokedAt: new Date() }).where(sql`${authSessions.revokedAt} is null`).returning({ id: authSessions.id });
    return ended.length;
  });
}
