import { boolean, index, integer, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { globalTable, grantToSignIn, idColumn, tenantTable } from '../../platform/tables.ts';

/**
 * A signed-in session: the access tokens it issues carry its id, its refresh token is stored
 * hashed and rotates on every use. Revoking the row ends both at once. Requests cannot read or
 * change it: they reach it through the session functions of migration 0031; sign-in writes it.
 */
export const authSessions = grantToSignIn(
  tenantTable(
    'auth_session',
    {
      id: text('id').primaryKey(),
      userId: integer('user_id').notNull(),
      refreshHash: text('refresh_hash').notNull().unique(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      revokedAt: timestamp('revoked_at', { withTimezone: true }),
      /**
       * The confidential OAuth client the session was opened through; null for the console's
       * public client. A refresh asks that the client still exists and is enabled.
       */
      clientId: text('client_id'),
    },
    (t) => [index('auth_session_user').on(t.tenantId, t.userId)],
    [],
  ),
  ['select', 'insert', 'update'],
);

/**
 * Every refresh token a session has rotated away from, hashed: presenting any of them again
 * means someone else holds the session, which then ends; except the immediately previous one
 * within a short grace after its rotation, which gets the same successor back.
 */
export const authUsedRefreshTokens = grantToSignIn(
  tenantTable(
    'auth_used_refresh',
    {
      hash: text('hash').primaryKey(),
      sessionId: text('session_id')
        .notNull()
        .references(() => authSessions.id, { onDelete: 'cascade' }),
      usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
      /**
       * The refresh token this one was rotated into, sealed with a key only this token's holder can
       * derive (service.ts `sealNext`): for a short grace after the rotation, the same holder
       * presenting it again (two tabs refreshing at once) gets that same successor back.
       */
      nextSealed: text('next_sealed'),
    },
    (t) => [index('auth_used_refresh_session').on(t.sessionId)],
    [],
  ),
  ['select', 'insert'],
);

/**
 * Failed sign-ins per tenant and account name, kept whether or not the tenant or account
 * exists, so an unknown account locks exactly like a known one. `failures` counts attempts
 * since the last success, including ones still being checked; `lockedUntil` set and in the
 * future is a lock; `locks` is how many locks in a row (each lasts twice the one before).
 */
export const authLockouts = tenantTable(
  'auth_lockout',
  {
    account: text('account').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    locks: integer('locks').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
  ['select', 'update', 'delete'],
);

/**
 * Fixed-window counters of sign-in attempts (per account, per client address), shared by every
 * replica through the database. Written by the server itself, never by a request.
 */
export const authRateLimits = globalTable('auth_rate_limit', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Keys shared by every replica: the RSA pair for sign-in and the token signing secret. Never readable by requests. */
export const platformKeys = globalTable('platform_key', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which user of the tenant a social provider's user signs in as: the provider (`source`) and
 * its id of the user (WeChat Work userid, DingTalk unionId, the generic provider's account
 * field) → a user. Administrators manage the links; without one, the user whose account equals
 * the external id signs in.
 */
export const authSocialLinks = tenantTable(
  'auth_social_link',
  {
    id: idColumn(),
    userId: integer('user_id').notNull(),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_social_link_external').on(t.tenantId, t.source, t.externalId), index('auth_social_link_user').on(t.tenantId, t.userId)],
  ['select', 'insert', 'delete'],
);

/**
 * Signatures of the legacy signed sign-in already used (hashed), kept while their time could
 * still pass: a signature signs in once. Written by the server itself, never by a request.
 */
export const authUsedSignatures = globalTable('auth_used_signature', {
  hash: text('hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Confidential OAuth clients (RFC 6749 §2.1) for integrations that call the API: platform-wide,
 * managed by the platform tenant's administrators. The secret is stored scrypt-hashed and shown
 * once, at creation and on rotation. `grants` lists the grant types the client may use; the
 * TTLs (seconds) replace the configured ones for its tokens.
 */
export const oauthClients = globalTable(
  'macro_oauth_client',
  {
    clientId: text('client_id').primaryKey(),
    /** The number the administration screens and their audit records name the client by. */
    id: integer('id').notNull().unique().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    grants: text('grants').array().notNull(),
    accessTtl: integer('access_ttl').notNull(),
    refreshTtl: integer('refresh_ttl').notNull(),
    /** Where the client may be sent back to (absolute http(s) URIs), for redirecting grants. */
    redirectUris: text('redirect_uris').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The account `client_credentials` tokens act as, and its tenant: its roles are the client's
     * permissions, its data scopes the client's reach. Null when the grant is not allowed.
     */
    serviceTenantId: text('service_tenant_id'),
    serviceAccount: text('service_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  undefined,
  ['select', 'insert', 'update', 'delete'],
);
