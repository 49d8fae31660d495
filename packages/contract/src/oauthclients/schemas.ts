import { z } from 'zod';
import { idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/**
 * The grant types a confidential client may be allowed (the token endpoint's, less none);
 * `client_credentials` signs the client in as its service account (RFC 6749 §4.4).
 */
export const CLIENT_GRANTS = ['password', 'refresh_token', 'social', 'signed', 'client_credentials'] as const;
export type ClientGrant = (typeof CLIENT_GRANTS)[number];

/** Token lifetimes, in seconds: one minute to one day for access, to 90 days for refresh. */
export const CLIENT_TTL = { min: 60, accessMax: 86_400, refreshMax: 90 * 86_400 } as const;
/** Most redirect URIs a client may list. */
export const CLIENT_REDIRECT_MAX = 20;

/** A client id: what the integration sends as its HTTP Basic user name. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,63}$/;

const ttl = (max: number, key: string) => z.number({ message: key }).int({ message: key }).min(CLIENT_TTL.min, { message: key }).max(max, { message: key });

const grants = z
  .array(z.enum(CLIENT_GRANTS, { message: 'oauthclients.grantUnknown' }), { message: 'oauthclients.grantsRequired' })
  .min(1, { message: 'oauthclients.grantsRequired' })
  .transform((list) => [...new Set(list)]);

/** An absolute http(s) URI without a fragment (RFC 6749 §3.1.2). */
const redirectUri = z
  .string({ message: 'oauthclients.redirectInvalid' })
  .trim()
  .max(500, { message: 'oauthclients.redirectInvalid' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.hash && !value.includes('#');
      } catch {
        return false;
      }
    },
    { message: 'oauthclients.redirectInvalid' },
  );

const redirectUris = z
  .array(redirectUri, { message: 'oauthclients.redirectInvalid' })
  .max(CLIENT_REDIRECT_MAX, { message: 'oauthclients.redirectTooMany' })
  .transform((list) => [...new Set(list)]);

const clientFields = {
  name: requiredText('standard', 'oauthclients.nameRequired'),
  grants,
  accessTtl: ttl(CLIENT_TTL.accessMax, 'oauthclients.accessTtlInvalid'),
  refreshTtl: ttl(CLIENT_TTL.refreshMax, 'oauthclients.refreshTtlInvalid'),
  redirectUris: redirectUris.optional().default([]),
  enabled: z.boolean({ message: 'oauthclients.enabledInvalid' }).optional().default(true),
  /** The tenant of the service account (a tenant code); blank for none. */
  serviceTenantId: z
    .string({ message: 'oauthclients.serviceTenantInvalid' })
    .trim()
    .refine((v) => v === '' || /^[0-9A-Za-z]{6,12}$/.test(v), { message: 'oauthclients.serviceTenantInvalid' })
    .nullish()
    .transform((v) => v || null),
  /** The account of that tenant the client acts as under `client_credentials`; blank for none. */
  serviceAccount: text('short')
    .nullish()
    .transform((v) => v || null),
};

/** `client_credentials` needs the service account (tenant and account); without it the server forgets one. */
const clientRules = <T extends { accessTtl: number; refreshTtl: number; grants: string[]; serviceTenantId: string | null; serviceAccount: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.refreshTtl < value.accessTtl) ctx.addIssue({ code: 'custom', path: ['refreshTtl'], message: 'oauthclients.refreshShorter' });
  if (!value.grants.includes('client_credentials')) return;
  if (!value.serviceTenantId) ctx.addIssue({ code: 'custom', path: ['serviceTenantId'], message: 'oauthclients.serviceTenantRequired' });
  if (!value.serviceAccount) ctx.addIssue({ code: 'custom', path: ['serviceAccount'], message: 'oauthclients.serviceAccountRequired' });
};

/** A new client: its id is chosen by the administrator; its secret is generated. */
export const oauthClientCreate = z
  .object({
    clientId: z
      .string({ message: 'oauthclients.clientIdRequired' })
      .trim()
      .min(1, { message: 'oauthclients.clientIdRequired' })
      .regex(CLIENT_ID_PATTERN, { message: 'oauthclients.clientIdPattern' }),
    ...clientFields,
  })
  .superRefine(clientRules);

/** What an edit may change: everything but the id and the secret. */
export const oauthClientUpdate = z.object(clientFields).superRefine(clientRules);

export const oauthClientEnabled = z.object({ enabled: z.boolean({ message: 'oauthclients.enabledInvalid' }) });

export const oauthClientListQuery = pageQuery.extend({
  /** Part of the client id or name. */
  keyword: searchText,
});

export const oauthClientIdParams = z.object({ id: idParam });

/** A client as lists and dialogs show it: never its secret, in any form. */
export const oauthClient = z
  .object({
    id: z.number(),
    clientId: z.string(),
    name: z.string(),
    grants: z.array(z.string()),
    accessTtl: z.number(),
    refreshTtl: z.number(),
    redirectUris: z.array(z.string()),
    enabled: z.boolean(),
    serviceTenantId: z.string().nullable().describe('The tenant of the account `client_credentials` tokens act as'),
    serviceAccount: z.string().nullable().describe('The account `client_credentials` tokens act as'),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'OAuthClient' });
export type OAuthClient = z.infer<typeof oauthClient>;

/** The answer of create and rotate: the client and its secret, shown this once and never again. */
export const oauthClientWithSecret = z
  .object({ client: oauthClient, clientSecret: z.string().describe('The secret, in clear this once; only its scrypt hash is stored') })
  .meta({ id: 'OAuthClientWithSecret' });
export type OAuthClientWithSecret = z.infer<typeof oauthClientWithSecret>;

export const oauthClientRemoved = z.object({ removed: z.number() });
