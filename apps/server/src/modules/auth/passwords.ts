import { constants, createPrivateKey, privateDecrypt, publicEncrypt } from 'node:crypto';
import type { Db } from '@macro/store';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { loadPlatformKeys } from './keys.ts';

/*
 * Every password a client sends travels one way, at sign-in and in any other body: RSA-OAEP
 * (SHA-256 for the hash and MGF1) with the platform's public key (`GET /macro-auth/oauth/public-key`),
 * as base64. Whatever does not decrypt with the private key, plain text included, is refused with 400.
 */

/** The password in clear from its ciphertext; throws (400) when it is none. */
export type PasswordDecryptor = (ciphertext: string) => string;

const undecryptable = () => badRequest('auth.passwordUndecryptable');

/** `onFailure` makes the error (the token endpoint answers with its RFC 6749 error instead). */
export function passwordDecryptor(privateKeyPem: string, onFailure: () => Error = undecryptable): PasswordDecryptor {
  const key = createPrivateKey(privateKeyPem);
  return (ciphertext) => {
    try {
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64')).toString('utf8');
    } catch {
      throw onFailure();
    }
  };
}

const loaded = new WeakMap<Db, Promise<PasswordDecryptor>>();

/** The decryptor of the platform's key, loaded once per database for every module that takes passwords. */
export function loadPasswordDecryptor(db: Db): Promise<PasswordDecryptor> {
  let decryptor = loaded.get(db);
  if (!decryptor) {
    decryptor = loadPlatformKeys(db).then((keys) => passwordDecryptor(keys.privateKeyPem));
    loaded.set(db, decryptor);
  }
  return decryptor;
}

/**
 * A password as its owner typed it: decrypted, then held to the rule the console checks before
 * encrypting (the server cannot read that rule's verdict off a ciphertext); 400 with the rule's message.
 */
export function plainPasswordOf<S extends z.ZodType<unknown, string>>(decrypt: PasswordDecryptor, ciphertext: string, rule: S): z.output<S> {
  const parsed = rule.safeParse(decrypt(ciphertext));
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw badRequest(issue.message, (issue as { params?: Record<string, string | number> }).params);
}

/** What a client does before sending a password: fixtures and tests call the API as the console does. */
export function encryptPassword(publicKeyPem: string, password: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}
