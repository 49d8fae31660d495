/*
 * The lock password is kept as a salted PBKDF2-SHA-256 digest, never as typed: anyone who can read
 * the browser's storage learns nothing they could use to unlock, or reuse elsewhere.
 * Stored form: `pbkdf2-sha256$<iterations>$<salt hex>$<digest hex>`.
 */

const ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const key = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
    return toHex(new Uint8Array(bits));
  }
  // Plain http off localhost has no crypto.subtle: node-forge's PBKDF2, loaded only then.
  const [{ default: forge }] = await Promise.all([import('node-forge/lib/forge'), import('node-forge/lib/pbkdf2'), import('node-forge/lib/sha256')]);
  const saltBinary = String.fromCharCode(...salt);
  const passwordBinary = forge.util.encodeUtf8(password);
  const digest = forge.pkcs5.pbkdf2(passwordBinary, saltBinary, iterations, 32, forge.md.sha256.create());
  return forge.util.bytesToHex(digest);
}

/** The stored form of a newly chosen lock password (a fresh random salt each time). */
export async function hashLockPassword(password: string): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${ITERATIONS}$${toHex(salt)}$${await derive(password, salt, ITERATIONS)}`;
}

/** Whether `password` is the one `stored` was made from; a malformed stored value matches nothing. */
export async function verifyLockPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, digest] = stored.split('$');
  const rounds = Number(iterations);
  if (scheme !== SCHEME || !Number.isInteger(rounds) || rounds < 1 || !salt || !digest) return false;
  const candidate = await derive(password, fromHex(salt), rounds);
  // Compare every character, so the time taken does not say how much matched.
  let difference = candidate.length ^ digest.length;
  for (let i = 0; i < candidate.length; i++) difference |= candidate.charCodeAt(i) ^ (digest.charCodeAt(i) || 0);
  return difference === 0;
}
