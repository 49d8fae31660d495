import { constants, createHash, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../i18n';
import { rsaOaepEncrypt, sha256 } from './rsaOaep';
import { encryptPassword } from './session';

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256 (FIPS 180-4)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes %j', (message, digest) => {
    expect(hex(sha256(utf8(message)))).toBe(digest);
  });

  it('hashes one million "a"', () => {
    const million = new Uint8Array(1_000_000).fill(0x61);
    expect(hex(sha256(million))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto at every length around the block and padding boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      expect(hex(sha256(data)), `length ${length}`).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});

describe('rsaOaepEncrypt', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const spki = new Uint8Array(publicKey);
  const decrypt = (cipher: Uint8Array) =>
    privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher);

  it.each([
    ['ASCII', utf8('admin123')],
    ['Chinese UTF-8', utf8('管理员密码')],
    ['empty', new Uint8Array(0)],
    ['maximum length (190 bytes)', Uint8Array.from({ length: 190 }, (_, i) => i)],
  ])('encrypts a %s message that the server-side private key decrypts', (_, message) => {
    const cipher = rsaOaepEncrypt(spki, message);
    expect(cipher.length).toBe(256);
    // Compare as hex: jsdom's TextEncoder returns a Uint8Array of another realm than Node's Buffer.
    expect(hex(decrypt(cipher))).toBe(hex(message));
  });

  it('uses a fresh random seed, so the same message encrypts differently each time', () => {
    const first = rsaOaepEncrypt(spki, utf8('admin123'));
    const second = rsaOaepEncrypt(spki, utf8('admin123'));
    expect(hex(first)).not.toBe(hex(second));
    expect(decrypt(first).toString()).toBe('admin123');
    expect(decrypt(second).toString()).toBe('admin123');
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
    const plain = privateDecrypt(
      { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      cipher,
    );
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
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const decrypt = (base64: string) =>
    privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    ).toString('utf8');

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

  it('falls back to the TypeScript RSA-OAEP where crypto.subtle is missing (plain http off localhost)', async () => {
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
