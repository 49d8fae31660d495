import { isAcceptablePassword, type PasswordPair } from '@macro/contract/users';
import { badRequest } from '../../platform/errors.ts';
import type { PasswordDecryptor } from '../auth/public.ts';

/** The new password in clear, once both copies decrypt, match and meet the policy. */
export function acceptedPassword(decrypt: PasswordDecryptor, pair: PasswordPair): string {
  const password = decrypt(pair.password);
  const again = decrypt(pair.password2);
  if (password !== again) throw badRequest('users.passwordMismatch');
  if (!isAcceptablePassword(password)) throw badRequest('users.passwordPolicy');
  return password;
}
