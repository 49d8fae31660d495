import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A signed-in session: the access tokens it issues carry its id, its refresh token is stored
 * hashed and rotates on every use. Revoking the row ends both at once.
 */
export const authSessions = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    refreshHash: text('refresh_hash').notNull().unique(),
    /** The hash before the last rotation: presenting it again means the token was stolen. */
    previousHash: text('previous_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_session_user').on(t.tenantId, t.userId), index('auth_session_previous').on(t.previousHash)],
);

/** Keys shared by every replica: the RSA pair for sign-in and the token signing secret. */
export const platformKeys = pgTable('platform_key', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
