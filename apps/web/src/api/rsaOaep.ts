/*
 * RSA-OAEP encryption with SHA-256 (MGF1-SHA256, empty label), RFC 8017 §7.1.1, in plain TypeScript.
 * WebCrypto (crypto.subtle) exists only in secure contexts; over plain http on an intranet address the
 * sign-in page loads this module instead. It needs only crypto.getRandomValues and BigInt, which
 * browsers provide in any context. Encryption only: nothing secret is handled but the message.
 */

const H_LEN = 32; // SHA-256 output length in bytes
const RSA_ENCRYPTION_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]; // 1.2.840.113549.1.1.1

// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 (FIPS 180-4). Sums may exceed 32 bits; `>>> 0` and Uint32Array stores reduce them mod 2^32. */
export function sha256(data: Uint8Array): Uint8Array {
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian number, to whole 64-byte blocks.
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000)); // (length * 8) / 2^32
  view.setUint32(padded.length - 4, (data.length * 8) >>> 0);

  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    const state = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] += state[i];
  }
  const out = new Uint8Array(H_LEN);
  for (let i = 0; i < 8; i++) new DataView(out.buffer).setUint32(i * 4, h[i]);
  return out;
}

/** MGF1 (RFC 8017 B.2.1): SHA-256(seed || counter) for counter = 0, 1, …, cut to `length` bytes. */
function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  for (let counter = 0; counter * H_LEN < length; counter++) {
    new DataView(input.buffer).setUint32(seed.length, counter);
    mask.set(sha256(input).subarray(0, length - counter * H_LEN), counter * H_LEN);
  }
  return mask;
}

function xor(target: Uint8Array, mask: Uint8Array): Uint8Array {
  return target.map((byte, i) => byte ^ mask[i]);
}

/** Reads the DER element with `tag` at `pos` (definite lengths only); returns where its content lies. */
function element(der: Uint8Array, pos: number, tag: number): { start: number; end: number } {
  if (der[pos] !== tag || pos + 1 >= der.length) throw new Error('Invalid public key: unexpected DER structure');
  let start = pos + 2;
  let length = der[pos + 1];
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('Invalid public key: unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start++] ?? Number.NaN);
  }
  const end = start + length;
  if (!(end <= der.length)) throw new Error('Invalid public key: truncated DER'); // also catches NaN
  return { start, end };
}

/** OS2IP: big-endian bytes to a non-negative integer. */
const os2ip = (bytes: Uint8Array): bigint => bytes.reduce((x, byte) => (x << 8n) | BigInt(byte), 0n);

/** I2OSP: a non-negative integer to exactly `length` big-endian bytes. */
function i2osp(x: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/** SubjectPublicKeyInfo { AlgorithmIdentifier { rsaEncryption, NULL }, BIT STRING { RSAPublicKey { n, e } } }. */
function parseSpki(der: Uint8Array): { n: bigint; e: bigint } {
  const spki = element(der, 0, 0x30);
  const algorithm = element(der, spki.start, 0x30);
  const oid = element(der, algorithm.start, 0x06);
  const oidBytes = der.subarray(oid.start, oid.end);
  if (oidBytes.length !== RSA_ENCRYPTION_OID.length || oidBytes.some((b, i) => b !== RSA_ENCRYPTION_OID[i])) {
    throw new Error('Invalid public key: not an RSA key');
  }
  const bits = element(der, algorithm.end, 0x03);
  if (der[bits.start] !== 0) throw new Error('Invalid public key: BIT STRING has unused bits');
  const rsaKey = element(der, bits.start + 1, 0x30);
  const modulus = element(der, rsaKey.start, 0x02);
  const exponent = element(der, modulus.end, 0x02);
  if (exponent.end !== rsaKey.end || rsaKey.end !== bits.end || bits.end !== spki.end) {
    throw new Error('Invalid public key: unexpected DER structure');
  }
  // INTEGERs are two's complement; a set top bit would mean a negative number.
  if (der[modulus.start] & 0x80 || der[exponent.start] & 0x80) throw new Error('Invalid public key: negative INTEGER');
  return { n: os2ip(der.subarray(modulus.start, modulus.end)), e: os2ip(der.subarray(exponent.start, exponent.end)) };
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (base %= modulus; exponent > 0n; exponent >>= 1n, base = (base * base) % modulus) {
    if (exponent & 1n) result = (result * base) % modulus;
  }
  return result;
}

/** RSAES-OAEP-ENCRYPT (RFC 8017 §7.1.1) with SHA-256, MGF1-SHA256 and an empty label. */
export function rsaOaepEncrypt(spkiDer: Uint8Array, message: Uint8Array): Uint8Array {
  const { n, e } = parseSpki(spkiDer);
  const k = Math.ceil(n.toString(16).length / 2); // modulus length in bytes
  if (k < 2 * H_LEN + 2 || e < 3n) throw new Error('Invalid public key: modulus or exponent too small');
  if (message.length > k - 2 * H_LEN - 2) throw new Error('Message too long for RSA-OAEP with this key');

  // DB = lHash || PS (zeros) || 0x01 || M, where lHash = SHA-256 of the empty label.
  const db = new Uint8Array(k - H_LEN - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  // A fresh random seed makes each ciphertext different, even for the same message.
  const seed = crypto.getRandomValues(new Uint8Array(H_LEN));
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, H_LEN));
  // EM = 0x00 || maskedSeed || maskedDB; the leading zero keeps EM below n.
  const em = new Uint8Array(k);
  em.set(maskedSeed, 1);
  em.set(maskedDb, 1 + H_LEN);
  return i2osp(modPow(os2ip(em), e, n), k);
}
