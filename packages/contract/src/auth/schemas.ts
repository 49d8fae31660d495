import { z } from 'zod';
import { id, idParam } from '../envelope.ts';
import { imageDataUrl } from '../images.ts';
import { requiredText, text } from '../text.ts';
import { email, mobile } from '../validatorSchemas.ts';

/** What an endpoint's description says of a password in its body. */
export const ENCRYPTED_PASSWORD_NOTE =
  'The password travels RSA-OAEP (SHA-256) encrypted with the key of `GET /macro-auth/oauth/public-key`, base64, as at sign-in; one that does not decrypt (plain text too) is refused (400).';

/** The longest ciphertext taken: one RSA block of a 4096-bit key is 684 characters of base64. */
const CIPHERTEXT_MAX = 2048;

/**
 * A password in a body, as sign-in sends it: RSA-OAEP (SHA-256) ciphertext, base64, made with the
 * key of `GET /macro-auth/oauth/public-key`. The server decrypts it before checking the password
 * itself; what does not decrypt, plain text included, is refused (400).
 */
export function encryptedPassword(requiredKey: string) {
  return z
    .string({ message: requiredKey })
    .min(1, { message: requiredKey })
    .max(CIPHERTEXT_MAX, { message: 'auth.passwordUndecryptable' })
    .describe(
      'RSA-OAEP (SHA-256) ciphertext of the password, base64, made with the key of GET /macro-auth/oauth/public-key as at sign-in; plain text is refused (400)',
    );
}

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: requiredText('standard', 'auth.accountRequired'),
  /** RSA-OAEP (SHA-256) ciphertext of the password, base64. */
  password: z.string({ message: 'auth.passwordRequired' }).min(1, { message: 'auth.passwordRequired' }),
  scope: z.string().optional(),
  /** A public client (the console) may name itself here instead of in HTTP Basic (RFC 6749 §2.3.1). */
  client_id: z.string().max(128).optional(),
  type: z.string().optional(),
  loginMode: z.string().optional(),
});
export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string({ message: 'auth.refreshTokenRequired' }).min(1, { message: 'auth.refreshTokenRequired' }),
  scope: z.string().optional(),
  /** A public client (the console) may name itself here instead of in HTTP Basic (RFC 6749 §2.3.1). */
  client_id: z.string().max(128).optional(),
});
/** Social sign-in: the authorization code a configured OAuth 2.0 provider gave the console's /authredirect page. */
export const socialGrant = z.object({
  grant_type: z.literal('social'),
  source: requiredText('short', 'auth.socialSourceRequired'),
  code: z.string({ message: 'auth.socialCodeRequired' }).min(1, { message: 'auth.socialCodeRequired' }).max(2048),
  state: z.string().max(512).optional(),
  scope: z.string().optional(),
  /** A public client (the console) may name itself here instead of in HTTP Basic (RFC 6749 §2.3.1). */
  client_id: z.string().max(128).optional(),
});
/**
 * The legacy signed sign-in: a
 * trusted system vouches for an account with HMAC-SHA256 over the fields and the tenant, under a
 * shared secret; `time` bounds it in time, and each signature signs in once.
 */
export const signedGrant = z.object({
  grant_type: z.literal('').optional().describe('Absent (or empty): this variant names no grant type'),
  loginid: requiredText('standard', 'auth.loginIdRequired'),
  sign: z
    .string({ message: 'auth.signRequired' })
    .min(1, { message: 'auth.signRequired' })
    .max(256)
    .describe('Lowercase hex HMAC-SHA256 of `tenantId|loginid|time|Type` with the shared secret'),
  time: z
    .string({ message: 'auth.signTimeRequired' })
    .regex(/^\d{10}(\d{3})?$/, { message: 'auth.signTimeRequired' })
    .describe('When it was signed: Unix time in seconds (10 digits) or milliseconds (13 digits)'),
  Type: z.string().max(32).default('').describe('Kind of sign-in the caller names (signed too; recorded in the audit log)'),
  scope: z.string().optional(),
  /** A public client (the console) may name itself here instead of in HTTP Basic (RFC 6749 §2.3.1). */
  client_id: z.string().max(128).optional(),
});
/** The token endpoint's form: one of the grants (documented as such; the endpoint parses it itself for RFC 6749 errors). */
/**
 * A confidential client signs in as itself (RFC 6749 §4.4): as the service account its
 * administrator named, in that account's tenant, whatever `Tenant-Id` says.
 */
export const clientCredentialsGrant = z.object({
  grant_type: z.literal('client_credentials'),
  scope: z.string().max(200).optional(),
});
export const tokenRequest = z.union([z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant, socialGrant, clientCredentialsGrant]), signedGrant]);

/** RFC 6749 token response plus the session user fields the console stores. */
export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number(),
    refresh_token: z.string().optional().describe('Absent for `client_credentials` (RFC 6749 §4.4.3): the client asks again'),
    scope: z.string(),
    user_id: z.number(),
    tenant_id: z.string(),
    dept_id: z.string(),
    dept_name: z.string(),
    nick_name: z.string(),
    real_name: z.string(),
    avatar: z.string(),
    role_name: z.string(),
    account: z.string(),
    must_change_password: z.boolean(),
  })
  .meta({ id: 'TokenResponse' });
export const publicKeyResponse = z.object({ publicKey: z.string().describe('SPKI PEM of the RSA key passwords are encrypted with') });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** Users chosen on the user screen: a non-empty list of ids. */
export const userIdsBody = z.object({
  userIds: z.array(id, { message: 'auth.userIdsRequired' }).min(1, { message: 'auth.userIdsRequired' }).max(500),
});
export const unlockResult = z.object({ unlocked: z.number().describe('Accounts whose lock was lifted') });
export const resetPasswordValue = z.object({ password: z.string().describe('The password a reset sets') });
export const resetResult = z.object({ reset: z.number().describe('Users whose password was reset') });

/**
 * A new own password as typed: 6 to 32 characters, no NUL; compared as typed, never trimmed. The
 * console checks it before encrypting, the server again once decrypted.
 */
export const newPasswordText = z
  .string({ message: 'auth.newPasswordRequired' })
  .min(1, { message: 'auth.newPasswordRequired' })
  .refine((v) => !v.includes('\u0000'), { message: 'validation.nulCharacter', abort: true })
  .refine((v) => v.length >= 6 && v.length <= 32, { message: 'auth.passwordLength' });

/** All three encrypted; that the new ones match and follow `newPasswordText` is checked once decrypted. */
export const updatePasswordBody = z.object({
  oldPassword: encryptedPassword('auth.oldPasswordRequired'),
  newPassword: encryptedPassword('auth.newPasswordRequired'),
  newPassword1: encryptedPassword('auth.newPassword1Required'),
});

/** Blank is allowed for the optional contact fields: the user clears them. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

export const updateInfoBody = z.object({
  id,
  name: requiredText('short', 'auth.nameRequired'),
  realName: text('short').optional(),
  email: blankOr(z.string().trim().pipe(email)).optional(),
  phone: blankOr(z.string().trim().pipe(mobile)).optional(),
});

/** An avatar is at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The signed-in user's new avatar, as a data URL of one of the platform's image types. */
export const avatarBody = z.object({
  image: imageDataUrl(AVATAR_MAX_BYTES, { required: 'auth.avatarRequired', type: 'auth.avatarType', tooLarge: 'auth.avatarTooLarge' }),
});

/** An avatar file by id. */
export const avatarParams = z.object({ id: idParam });

/** Token login: an access token this platform issued (for instance handed over by a host shell). */
export const platformTokenBody = z.object({
  token: z.string({ message: 'auth.platformTokenRequired' }).min(1, { message: 'auth.platformTokenRequired' }).max(4096),
});

/** A top-level menu the signed-in user may open (the top navigation bar). */
export const topMenu = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    i18n: z.string(),
  })
  .meta({ id: 'TopMenu' });

/** A social sign-in provider the sign-in page offers: where to send the browser (the console adds `state`). */
export const socialProvider = z.object({
  source: z.string(),
  authorizeUrl: z.string().describe('Authorization address with response_type, client_id and redirect_uri filled in'),
});

/** A link: this provider's user signs in as this user of the tenant. */
export const socialLink = z
  .object({
    id: z.number(),
    userId: z.number(),
    source: z.string(),
    externalId: z.string(),
    createTime: z.string(),
  })
  .meta({ id: 'SocialLink' });
export const socialLinkQuery = z.object({ userId: idParam });
export const socialLinkBody = z.object({
  userId: id,
  source: requiredText('short', 'auth.socialSourceRequired'),
  externalId: requiredText('standard', 'auth.externalIdRequired'),
});
export const socialLinkIds = z.object({
  ids: z.array(id, { message: 'auth.socialLinkIdsRequired' }).min(1, { message: 'auth.socialLinkIdsRequired' }).max(500),
});
export const socialLinkRemoved = z.object({ removed: z.number().describe('Links removed') });
export type SocialLinkRecord = z.infer<typeof socialLink>;
