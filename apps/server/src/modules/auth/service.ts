import { constants, createPrivateKey, type KeyObject, privateDecrypt, randomInt, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@macro/contract/auth';
import { type Actor, type AuditPort, type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccessClaims, hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from '../../platform/tokens.ts';
import { isActiveTenant } from '../tenants/service.ts';
import { DECOY_HASH, verifyPassword } from '../users/password.ts';
import { findUser, findUserByAccount, roleNamesOf, type UserRow, userEnabledSql } from '../users/service.ts';
import type { PlatformKeys } from './keys.ts';
import { accountLockedSql, type LockPolicy, recordFailure, recordSuccess, reserveAttempt, sweepLockouts } from './lockout.ts';
import { sweepRateLimits } from './rateLimit.ts';
import { genericOAuth2Provider, type SocialProvider } from './social.ts';
import { authSessions, authUsedRefreshTokens } from './tables.ts';

export interface AuthService {
  publicKeyPem: string;
  lockPolicy: LockPolicy;
  signIn(input: { tenantId: string; account: string; encryptedPassword: string }, actor: Actor): Promise<TokenResponse>;
  refresh(refreshToken: string, actor: Actor): Promise<TokenResponse>;
  /** `grant_type=social`: the provider of `source` vouches for an account of the tenant. */
  signInSocial(input: { tenantId: string; source: string; code: string }, actor: Actor): Promise<TokenResponse>;
  /** A new access token and a rotated refresh token for the session of a live access token. */
  renew(tx: Tx, claims: AccessClaims, actor: Actor): Promise<TokenResponse>;
  /** A new session for the user of a live access token this platform issued. */
  signInWithToken(token: string, actor: Actor): Promise<TokenResponse>;
  signOut(tx: Tx, claims: AccessClaims, actor: Actor): Promise<void>;
}

/** RFC 6749 §5.2 errors carry their code beside our translated message. */
const oauth = (status: number, error: string, key: string, params?: Record<string, string>) =>
  new AppError(status, key, params, error);
export const invalidRequest = (key: string, params?: Record<string, string>) => oauth(400, 'invalid_request', key, params);
export const invalidClient = () => oauth(401, 'invalid_client', 'auth.invalidClient');
export const invalidGrant = (key: string) => oauth(400, 'invalid_grant', key);
export const unsupportedGrant = (grant: string) => oauth(400, 'unsupported_grant_type', 'auth.unsupportedGrant', { grant });

/** A grant either issues tokens or names why not; failures still commit what they recorded. */
type Outcome = { error: string } | { tokens: TokenResponse };

/** One sign-in in this many also forgets stale lockout and rate-limit rows. */
const SWEEP_ONE_IN = 500;

export function createAuthService(
  db: Db,
  keys: PlatformKeys,
  config: Config,
  audit: AuditPort,
  providers: readonly SocialProvider[] = config.social ? [genericOAuth2Provider(config.social)] : [],
): AuthService {
  const privateKey: KeyObject = createPrivateKey(keys.privateKeyPem);
  const lockPolicy: LockPolicy = { limit: config.maxLoginFailures, lockSeconds: config.lockSeconds };

  function decryptPassword(ciphertext: string): string {
    try {
      return privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      throw invalidGrant('auth.passwordUndecryptable');
    }
  }

  async function issueTokens(tx: Tx, user: UserRow, sessionId: string, refreshToken: string): Promise<TokenResponse> {
    const accessToken = await signAccessToken(
      keys.tokenSecret,
      { userId: user.id, tenantId: user.tenantId, sessionId, account: user.account },
      config.accessTtl,
    );
    const { names } = await roleNamesOf(tx, user.id);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: config.accessTtl,
      refresh_token: refreshToken,
      scope: 'all',
      user_id: user.id,
      tenant_id: user.tenantId,
      dept_id: String(user.deptId ?? ''),
      dept_name: user.deptName,
      nick_name: user.name,
      real_name: user.realName,
      avatar: user.avatar,
      role_name: names.join(','),
      account: user.account,
      must_change_password: user.mustChangePassword,
    };
  }

  /** Opens a session for the user in the transaction's tenant and answers with its tokens. */
  async function openSession(tx: Tx, user: UserRow, actor: Actor, via: string): Promise<TokenResponse> {
    const sessionId = randomUUID();
    const refreshToken = newOpaqueToken();
    await tx.insert(authSessions).values({
      id: sessionId,
      tenantId: user.tenantId,
      userId: user.id,
      refreshHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + config.refreshTtl * 1000),
    });
    await audit.record(
      tx,
      { ...actor, tenantId: user.tenantId, userId: user.id, account: user.account },
      { action: 'login', resource: 'session', resourceId: sessionId, after: { via } },
    );
    return issueTokens(tx, user, sessionId, refreshToken);
  }

  /** Whether the user may hold a session now: enabled and not locked. */
  async function mayHoldSession(tx: Tx, user: UserRow): Promise<boolean> {
    if (user.status !== 1) return false;
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select ${accountLockedSql(sql`${user.tenantId}`, user.account)} as locked`),
    );
    return !row.locked;
  }

  async function endSession(tx: Tx, sessionId: string): Promise<void> {
    await tx.update(authSessions).set({ revokedAt: new Date() }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  return {
    publicKeyPem: keys.publicKeyPem,
    lockPolicy,

    async signIn({ tenantId, account, encryptedPassword }, actor) {
      const password = decryptPassword(encryptedPassword);
      if (randomInt(SWEEP_ONE_IN) === 0) await Promise.all([sweepLockouts(db), sweepRateLimits(db)]);
      // Unknown tenants and accounts take attempts and lock like real ones: the answers cannot tell them apart.
      if (!(await reserveAttempt(db, tenantId, account, lockPolicy))) throw invalidGrant('auth.userLocked');
      const tenantActive = await isActiveTenant(db, tenantId);
      // Checked in one transaction, recorded outside it (PGlite runs one transaction at a time).
      const checked = await withTenant<{ error: string } | { user: UserRow }>(db, tenantId, async (tx) => {
        const user = tenantActive ? await findUserByAccount(tx, account) : undefined;
        const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
        if (!tenantActive) return { error: 'auth.tenantNotFound' };
        if (!user || !matches) return { error: 'auth.badCredentials' };
        // Only someone who knows the password learns that the account is disabled.
        if (user.status !== 1) return { error: 'auth.userDisabled' };
        return { user };
      });
      if ('error' in checked) {
        await recordFailure(db, tenantId, account, lockPolicy);
        throw invalidGrant(checked.error);
      }
      const { user } = checked;
      if (!(await recordSuccess(db, tenantId, account))) throw invalidGrant('auth.userLocked');
      return withTenant(db, tenantId, (tx) => openSession(tx, user, { ...actor, tenantId }, 'password'));
    },

    async signInSocial({ tenantId, source, code }, actor) {
      const provider = providers.find((p) => p.source === source);
      if (!provider) throw invalidRequest('auth.socialUnknownSource', { source: source.slice(0, 64) });
      const account = await provider.accountFor(code).catch(() => null);
      if (!account) throw invalidGrant('auth.socialFailed');
      if (!(await isActiveTenant(db, tenantId))) throw invalidGrant('auth.tenantNotFound');
      const outcome = await withTenant<Outcome>(db, tenantId, async (tx) => {
        const user = await findUserByAccount(tx, account);
        if (!user) return { error: 'auth.socialNotLinked' };
        if (user.status !== 1) return { error: 'auth.userDisabled' };
        if (!(await mayHoldSession(tx, user))) return { error: 'auth.userLocked' };
        return { tokens: await openSession(tx, user, { ...actor, tenantId }, `social:${source}`) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async refresh(refreshToken, actor) {
      const presented = hashToken(refreshToken);
      const [found] = rowsOf<{ tenant_id: string }>(
        await db.execute(sql`
          select tenant_id from ${authSessions} where refresh_hash = ${presented}
          union all select tenant_id from ${authUsedRefreshTokens} where hash = ${presented}
          limit 1`),
      );
      if (!found) throw invalidGrant('auth.refreshInvalid');
      const outcome = await withTenant<Outcome>(db, found.tenant_id, async (tx) => {
        const [session] = await tx.select().from(authSessions).where(eq(authSessions.refreshHash, presented)).for('update');
        if (!session) {
          // A token the session already rotated away from came back: someone else holds the session. End it.
          const [used] = await tx.select().from(authUsedRefreshTokens).where(eq(authUsedRefreshTokens.hash, presented));
          if (used) {
            await endSession(tx, used.sessionId);
            await audit.record(tx, { ...actor, tenantId: found.tenant_id }, {
              action: 'refresh-reuse',
              resource: 'session',
              resourceId: used.sessionId,
            });
          }
          return { error: 'auth.refreshInvalid' };
        }
        if (session.revokedAt || session.expiresAt <= new Date()) return { error: 'auth.refreshInvalid' };
        const user = await findUser(tx, session.userId);
        if (!user || !(await mayHoldSession(tx, user))) return { error: 'auth.refreshInvalid' };
        const next = newOpaqueToken();
        await tx.insert(authUsedRefreshTokens).values({ hash: presented, sessionId: session.id, tenantId: session.tenantId });
        await tx.update(authSessions).set({ refreshHash: hashToken(next) }).where(eq(authSessions.id, session.id));
        await audit.record(
          tx,
          { ...actor, tenantId: session.tenantId, userId: user.id, account: user.account },
          { action: 'refresh', resource: 'session', resourceId: session.id },
        );
        return { tokens: await issueTokens(tx, user, session.id, next) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async renew(tx, claims, actor) {
      const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, claims.sessionId)).for('update');
      const user = await findUser(tx, claims.userId);
      // The guard checked the session a moment ago; a concurrent logout may still win.
      if (!session || session.revokedAt || !user) throw new AppError(401, 'common.tokenInvalid');
      const next = newOpaqueToken();
      await tx.insert(authUsedRefreshTokens).values({ hash: session.refreshHash, sessionId: session.id, tenantId: session.tenantId });
      await tx.update(authSessions).set({ refreshHash: hashToken(next) }).where(eq(authSessions.id, session.id));
      await audit.record(tx, actor, { action: 'refresh', resource: 'session', resourceId: session.id });
      return issueTokens(tx, user, session.id, next);
    },

    async signInWithToken(token, actor) {
      const verified = await verifyAccessToken(keys.tokenSecret, token);
      if (!verified.ok) throw invalidGrant('auth.platformTokenInvalid');
      const { claims } = verified;
      const outcome = await withTenant<Outcome>(db, claims.tenantId, async (tx) => {
        const [alive] = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(
            and(
              eq(authSessions.id, claims.sessionId),
              eq(authSessions.userId, claims.userId),
              isNull(authSessions.revokedAt),
              gt(authSessions.expiresAt, new Date()),
            ),
          );
        const user = alive ? await findUser(tx, claims.userId) : undefined;
        if (!user || !(await mayHoldSession(tx, user))) return { error: 'auth.platformTokenInvalid' };
        return { tokens: await openSession(tx, user, { ...actor, tenantId: claims.tenantId }, 'platform-token') };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async signOut(tx, claims, actor) {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, claims.sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())));
      await audit.record(tx, actor, { action: 'logout', resource: 'session', resourceId: claims.sessionId });
    },
  };
}

/** SQL for the guard: the session's user is enabled and not locked. */
export function sessionUserAllowedSql(claims: AccessClaims): SQL {
  return sql`${userEnabledSql(sql`s.user_id`, sql`s.tenant_id`)} and not ${accountLockedSql(sql`s.tenant_id`, claims.account)}`;
}
