// node-forge's RSA and SHA-256 modules only, not the whole library (TLS, PKCS#12, …).
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/rsa';
import 'node-forge/lib/sha256';

/** SHA-256's digest length, which is also the OAEP seed's. */
const SEED_BYTES = 32;

const toBinary = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
};

const fromBinary = (binary: string) => Uint8Array.from(binary, (c) => c.charCodeAt(0));

/**
 * RSA-OAEP with SHA-256 for both the OAEP hash and MGF1 (what WebCrypto's RSA-OAEP/SHA-256
 * and the server's node:crypto use), for browsers without WebCrypto: consoles served over
 * plain http off localhost. The seed comes from `crypto.getRandomValues`, which such browsers
 * still have, rather than from node-forge's own generator.
 */
export function rsaOaepEncrypt(spkiDer: Uint8Array, message: Uint8Array): Uint8Array {
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(toBinary(spkiDer))) as forge.pki.rsa.PublicKey;
  if (typeof key?.encrypt !== 'function') throw new Error('not an RSA public key');
  const seed = crypto.getRandomValues(new Uint8Array(SEED_BYTES));
  const cipher = key.encrypt(toBinary(message), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
    seed: toBinary(seed),
  });
  return fromBinary(cipher);
}
