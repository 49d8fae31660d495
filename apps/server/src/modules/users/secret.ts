import { constants, createPrivateKey, privateDecrypt } from 'node:crypto';
import { isAcceptablePassword, type PasswordPair } from '@macro/contract/users';
import { badRequest } from '../../platform/errors.ts';

/** Turns a password the console encrypted (as at sign-in) back into text. */
export type PasswordDecryptor = (ciphertext: string) => string;

/** RSA-OAEP (SHA-256) with the platform's sign-in key: the same envelope as the token endpoint's password. */
export function passwordDecryptor(privateKeyPem: string): PasswordDecryptor {
  const key = createPrivateKey(privateKeyPem);
  return (ciphertext) => {
    try {
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64')).toString(
        'utf8',
      );
    } catch {
      throw badRequest('users.passwordUndecryptable');
    }
  };
}

/** The new password in clear, once both copies decrypt, match and meet the policy. */
export function acceptedPassword(decrypt: PasswordDecryptor, pair: PasswordPair): string {
  const password = decrypt(pair.password);
  const again = decrypt(pair.password2);
  if (password !== again) throw badRequest('users.passwordMismatch');
  if (!isAcceptablePassword(password)) throw badRequest('users.passwordPolicy');
  return password;
}
