import { type SQL, sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module.ts';
import { type AccessClaims, verifyAccessToken } from '../../platform/tokens.ts';
import { userHoldsCode } from './holds.ts';
import { AUTH_PERMISSIONS } from '@macro/contract/auth';
import { USER_PERMISSIONS } from '@macro/contract/users';
import { loadPlatformKeys } from './keys.ts';

export { rotateTokenSecret } from './keys.ts';
import { accountRoutes } from './account.ts';
import { loadPasswordDecryptor } from './passwords.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { linkRoutes, linkSweepFixture } from './links.ts';
import {
  authLockouts,
  authRateLimits,
  authSessions,
  authSocialLinks,
  authUsedRefreshTokens,
  authUsedSignatures,
  oauthClients,
  platformKeys,
} from './tables.ts';

/** Verified tokens, remembered until they expire: a signature check per request costs more than the query it guards. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * The session lives, its user is enabled and its confidential client (if any) exists and is
 * enabled (the database function of migration 0031, which then scopes the transaction), and
 * the user holds `code`.
 */
function sessionCheck(claims: AccessClaims, code: string): { begin: SQL; granted: SQL } {
  return {
    begin: sql`macro_request_begin(${claims.sessionId}, ${claims.userId}::integer, ${claims.tenantId})`,
    granted: code ? userHoldsCode(sql`${claims.userId}::integer`, code) : sql`true`,
  };
}

export const module = defineModule({
  name: 'auth',
  uses: ['files', 'identity', 'menus', 'params', 'scopes', 'tenants'],
  after: ['users', 'tenants', 'audit', 'menus', 'files', 'params'],
  tables: [authSessions, authUsedRefreshTokens, authLockouts, authRateLimits, platformKeys, authSocialLinks, authUsedSignatures, oauthClients],
  routes: async ({ db, config, audit }) => {
    const keys = await loadPlatformKeys(db);
    const service = createAuthService(db, keys, config, audit);
    return [...authRoutes(service, db, config), ...accountRoutes(service, config, await loadPasswordDecryptor(db)), ...linkRoutes()];
  },
  // Account-security buttons of the user screen (the users domain's menu).
  menus: [
    { parent: USER_PERMISSIONS.view, code: AUTH_PERMISSIONS.unlock, name: '解锁用户', category: 2, sort: 90, i18n: 'unlock' },
    { parent: USER_PERMISSIONS.view, code: AUTH_PERMISSIONS.resetPassword, name: '重置密码', category: 2, sort: 91, i18n: 'resetPassword' },
    { parent: USER_PERMISSIONS.view, code: AUTH_PERMISSIONS.socialLinks, name: '第三方账号', category: 2, sort: 92, i18n: 'socialLinks' },
  ],
  uniqueMessages: [{ constraint: 'auth_social_link_external', message: 'auth.socialLinkExists' }],
  sweep: linkSweepFixture,
  async authenticator({ db }) {
    const { tokenSecret } = await loadPlatformKeys(db);
    const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
    return {
      sessionCheck,
      async verify(token) {
        const known = verified.get(token);
        if (known && known.expiresAt > Date.now()) return known.claims;
        if (known) verified.delete(token);
        const result = await verifyAccessToken(tokenSecret, token);
        if (!result.ok) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims: result.claims, expiresAt: result.expiresAt });
        return result.claims;
      },
    };
  },
});
