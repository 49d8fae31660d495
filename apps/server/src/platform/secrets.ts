import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Secrets the product keeps for others (database link passwords, and later payment keys) are
 * sealed with AES-256-GCM under the data key and opened only where they are used; no call ever
 * returns one. A sealed value names the key that sealed it (the first 8 hex digits of its
 * SHA-256), so after a rotation values sealed under a previous key still open until they are
 * sealed again (docs/configuration.md, "The data key").
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text; throws when the value was sealed under a key not configured, or was altered. */
  open(sealed: string): string;
  /** Whether the value is sealed under the current key (else sealing it again moves it there). */
  isCurrent(sealed: string): boolean;
}

const VERSION = 'v1';

/** A key as configured: 32 bytes in hex (64 digits) or base64; anything else throws. */
export function dataKeyOf(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new Error('a data key is 32 bytes, written as 64 hex digits or in base64');
  return bytes;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** The box of the current key (sealing, and opening) and the previous ones (opening only). */
export function secretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const currentId = keyId(current);
  const keys = new Map([[currentId, current], ...previous.map((key) => [keyId(key), key] as const)]);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, id, iv, tag, body] = sealed.split('.');
      const key = keys.get(id ?? '');
      if (version !== VERSION || !key || body === undefined) throw new Error(`a secret sealed under key ${id ?? '?'}, which is not configured`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    isCurrent: (sealed) => sealed.split('.')[1] === currentId,
  };
}

/**
 * The configured data key, or — when none is (a trial on one machine) — one made at first use
 * and kept in `<dataDir>/data.key`, readable by its owner only.
 */
export function configuredSecretBox(config: { dataKey: string; previousDataKeys: readonly string[]; dataDir: string }): SecretBox {
  const previous = config.previousDataKeys.map(dataKeyOf);
  if (config.dataKey) return secretBox(dataKeyOf(config.dataKey), previous);
  const file = join(config.dataDir, 'data.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return secretBox(dataKeyOf(readFileSync(file, 'utf8')), previous);
}
