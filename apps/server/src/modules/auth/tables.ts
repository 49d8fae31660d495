import { index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { globalTable, tenantTable } from '../../platform/tables.ts';

/**
 * A signed-in session: the access tokens it issues carry its id, its refresh token is stored
 * hashed and rotates on every use. Revoking the row ends both at once. Requests see only their
 * tenant's sessions.
 */
export const authSessions = tenantTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    refreshHash: text('refresh_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_session_user').on(t.tenantId, t.userId)],
  ['select', 'insert', 'update'],
);

/**
 * Every refresh token a session has rotated away from, hashed: presenting any of them again
 * means someone else holds the session, which then ends.
 */
export const authUsedRefreshTokens = tenantTable(
  'auth_used_refresh',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_used_refresh_session').on(t.sessionId)],
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
