import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../i18n';
import { rsaOaepEncrypt } from './rsaOaep';
import { encryptPassword } from './session';

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('rsaOaepEncrypt', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const spki = new Uint8Array(publicKey);
  const decrypt = (cipher: Uint8Array) => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher);

  it.each([
    ['ASCII', utf8('admin123')],
    ['Chinese UTF-8', utf8('管理员密码')],
    ['empty', new Uint8Array(0)],
    ['maximum length (190 bytes)', Uint8Array.from({ length: 190 }, (_, i) => i)],
  ])('encrypts a %s message that the server-side private key decrypts', (_, message) => {
    const cipher = rsaOaepEncrypt(spki, message);
    expect(cipher.length).toBe(256);
    // Compare as hex: the test DOM's TextEncoder may return a Uint8Array of another realm than Node's Buffer.
    expect(hex(decrypt(cipher))).toBe(hex(message));
  });

  it('takes its seed from crypto.getRandomValues, so the same message encrypts differently each time', () => {
    const getRandomValues = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const first = rsaOaepEncrypt(spki, utf8('admin123'));
    const second = rsaOaepEncrypt(spki, utf8('admin123'));
    expect(hex(first)).not.toBe(hex(second));
    expect(decrypt(first).toString()).toBe('admin123');
    expect(decrypt(second).toString()).toBe('admin123');
    expect(getRandomValues).toHaveBeenCalledTimes(2);
    getRandomValues.mockRestore();
  });

  it.each([1024, 3072])('works with other modulus sizes (%i bits)', (modulusLength) => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const message = utf8('管理员密码');
    const cipher = rsaOaepEncrypt(new Uint8Array(pair.publicKey), message);
    expect(cipher.length).toBe(modulusLength / 8);
    const plain = privateDecrypt({ key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher);
    expect(hex(plain)).toBe(hex(message));
  });

  it('refuses a message longer than k - 2hLen - 2 = 190 bytes', () => {
    expect(() => rsaOaepEncrypt(spki, new Uint8Array(191))).toThrow(/too long/);
  });

  it('refuses malformed keys with an Error', () => {
    const ecKey = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey;
    const wrongTag = spki.slice();
    wrongTag[0] = 0x31;
    for (const key of [new Uint8Array(0), spki.subarray(0, 100), wrongTag, new Uint8Array(ecKey), utf8('not a key')]) {
      expect(() => rsaOaepEncrypt(key, utf8('x'))).toThrow(Error);
    }
  });
});

describe('encryptPassword', () => {
  it('loads the fallback only when needed: a dynamic import, never a static one', () => {
    const session = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'session.ts'), 'utf8');
    expect(session).toContain("await import('./rsaOaep')");
    expect(session).not.toMatch(/^import .*(rsaOaep|node-forge)/m);
  });

  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const decrypt = (base64: string) =>
    privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString('utf8');

  beforeAll(() => initI18n('zh'));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses WebCrypto where crypto.subtle exists', async () => {
    const encrypt = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    expect(decrypt(await encryptPassword(publicKey, '管理员密码'))).toBe('管理员密码');
    expect(encrypt).toHaveBeenCalledOnce();
    encrypt.mockRestore();
  });

  it('falls back to node-forge where crypto.subtle is missing (plain http off localhost)', async () => {
    const getRandomValues = vi.fn((array: Uint8Array) => webcrypto.getRandomValues(array));
    vi.stubGlobal('crypto', { getRandomValues });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(decrypt(await encryptPassword(publicKey, 'admin123'))).toBe('admin123');
    expect(decrypt(await encryptPassword(publicKey, '管理员密码'))).toBe('管理员密码');
    expect(getRandomValues).toHaveBeenCalledTimes(2);
  });

  it('reports the translated error when neither WebCrypto nor a random source exists', async () => {
    vi.stubGlobal('crypto', undefined);
    await expect(encryptPassword(publicKey, 'admin123')).rejects.toThrow(i18next.t('login:insecureContext'));
  });
});
