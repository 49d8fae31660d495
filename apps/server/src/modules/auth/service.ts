import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TokenResponse } from '@macro/contract/auth';
import { type Actor, AUTH_ROLE, type AuditPort, type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccessClaims, hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from '../../platform/tokens.ts';
import { isActiveTenant } from '../tenants/public.ts';
import { DECOY_HASH, verifyPassword } from '../identity/public.ts';
import { findUser, findUserByAccount, roleNamesOf, type UserRow } from '../identity/public.ts';
import { consoleClient, findClient, type GrantClient } from './clients.ts';
import type { PlatformKeys } from './keys.ts';
import { passwordDecryptor } from './passwords.ts';
import { linkedUserId } from './links.ts';
import { type LockPolicy, recordFailure, recordSuccess, reserveAttempt, sweepLockouts } from './lockout.ts';
import { sweepRateLimits } from './rateLimit.ts';
import { ProviderUnavailable, type SocialProvider, socialProviderOf } from './social.ts';
import { endSession as endOneSession, rotateSession } from '../identity/public.ts';
import { authSessions, authUsedRefreshTokens, authUsedSignatures } from './tables.ts';

export interface AuthService {
  publicKeyPem: string;
  lockPolicy: LockPolicy;
  signIn(input: { tenantId: string; account: string; encryptedPassword: string }, actor: Actor, client?: GrantClient): Promise<TokenResponse>;
  /** Only the client that opened the session may refresh it, and only while it exists and is enabled. */
  refresh(refreshToken: string, actor: Actor, client?: GrantClient): Promise<TokenResponse>;
  /** The configured social providers, in configuration order. */
  providers: readonly SocialProvider[];
  /** `grant_type=social`: the provider of `source` vouches for one of its users, linked to (or named like) a user of the tenant. */
  signInSocial(input: { tenantId: string; source: string; code: string }, actor: Actor, client?: GrantClient): Promise<TokenResponse>;
  /** The legacy signed sign-in: a trusted system's HMAC over tenant, account, time and type, once. */
  signInSigned(input: SignedSignIn, actor: Actor, client?: GrantClient): Promise<TokenResponse>;
  /**
   * `client_credentials`: a session of the client's service account, as long as one access token
   * and without a refresh token (RFC 6749 §4.4.3); it ends when the client is disabled or removed.
   */
  signInAsClient(actor: Actor, client: GrantClient): Promise<TokenResponse>;
  /** A new access token and a rotated refresh token for the session of a live access token. */
  renew(tx: Tx, claims: AccessClaims, actor: Actor): Promise<TokenResponse>;
  /** A new session for the user of a live access token this platform issued. */
  signInWithToken(token: string, actor: Actor): Promise<TokenResponse>;
  signOut(tx: Tx, claims: AccessClaims, actor: Actor): Promise<void>;
}

export interface SignedSignIn {
  tenantId: string;
  loginid: string;
  sign: string;
  time: string;
  type: string;
}

/** The text the legacy signed sign-in signs: the tenant too, so a signature for one tenant signs in nowhere else. */
export const signedText = ({ tenantId, loginid, time, type }: Omit<SignedSignIn, 'sign'>) => `${tenantId}|${loginid}|${time}|${type}`;

/** Constant-time comparison of two hex digests. */
function sameDigest(expected: string, presented: string): boolean {
  const left = Buffer.from(expected, 'utf8');
  const right = Buffer.from(presented.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 6749 §5.2 errors carry their code beside our translated message. */
const oauth = (status: number, error: string, key: string, params?: Record<string, string>) => new AppError(status, key, params, error);
export const invalidRequest = (key: string, params?: Record<string, string>) => oauth(400, 'invalid_request', key, params);
export const invalidClient = () => oauth(401, 'invalid_client', 'auth.invalidClient');
export const invalidGrant = (key: string) => oauth(400, 'invalid_grant', key);
/** The authenticated client may not use this grant type (RFC 6749 §5.2). */
export const unauthorizedClient = (grant: string) => oauth(400, 'unauthorized_client', 'auth.unauthorizedClient', { grant });
export const unsupportedGrant = (grant: string) => oauth(400, 'unsupported_grant_type', 'auth.unsupportedGrant', { grant });
/** The provider could not be asked; the person can only retry later (RFC 6749 names this for the authorization endpoint). */
const socialUnavailable = () => oauth(503, 'temporarily_unavailable', 'auth.socialUnavailable');

/** A grant either issues tokens or names why not; failures still commit what they recorded. */
type Outcome = { error: string } | { tokens: TokenResponse };

/**
 * Seconds after a rotation during which the refresh token just rotated away from may come back
 * once more from its holder (two tabs refreshing at once) and get the same successor; after it,
 * or for any older token, a reuse ends the session.
 */
export const REFRESH_GRACE_SECONDS = 30;

/** The key sealing a successor: derived from the old refresh token, which the server never stores. */
const graceKey = (oldToken: string) => createHash('sha256').update(`macro refresh grace\0${oldToken}`).digest();

/** Seals the successor of `oldToken` so that only a holder of `oldToken` can read it back. */
function sealNext(oldToken: string, next: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', graceKey(oldToken), iv);
  const sealed = Buffer.concat([cipher.update(next, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor sealed by `sealNext`, or null when it does not open with this token. */
function openNext(oldToken: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', graceKey(oldToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** One sign-in in this many also forgets stale lockout and rate-limit rows. */
const SWEEP_ONE_IN = 500;

export function createAuthService(
  db: Db,
  keys: PlatformKeys,
  config: Config,
  audit: AuditPort,
  providers: readonly SocialProvider[] = config.social.map(socialProviderOf),
): AuthService {
  /** A transaction in a tenant as the sign-in role: the request role's privileges and the sessions'. */
  const asSignIn = <T>(tenantId: string, work: (tx: Tx) => Promise<T>) => withTenant(db, tenantId, work, AUTH_ROLE);

  const lockPolicy: LockPolicy = { limit: config.maxLoginFailures, lockSeconds: config.lockSeconds };

  // The token endpoint answers a password that does not decrypt with its RFC 6749 error.
  const decryptPassword = passwordDecryptor(keys.privateKeyPem, () => invalidGrant('auth.passwordUndecryptable'));

  const publicClient = consoleClient(config);

  async function issueTokens(tx: Tx, user: UserRow, sessionId: string, refreshToken: string | null, accessTtl = config.accessTtl): Promise<TokenResponse> {
    const accessToken = await signAccessToken(keys.tokenSecret, { userId: user.id, tenantId: user.tenantId, sessionId, account: user.account }, accessTtl);
    const { names } = await roleNamesOf(tx, user.id);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTtl,
      ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
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
  async function openSession(tx: Tx, user: UserRow, actor: Actor, via: string, client = publicClient, refreshable = true): Promise<TokenResponse> {
    const sessionId = randomUUID();
    // A session without refresh keeps a token nobody is given, and lives as long as its access token.
    const refreshToken = newOpaqueToken();
    await tx.insert(authSessions).values({
      id: sessionId,
      tenantId: user.tenantId,
      userId: user.id,
      refreshHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + (refreshable ? client.refreshTtl : client.accessTtl) * 1000),
      clientId: client.id,
    });
    await audit.record(
      tx,
      { ...actor, tenantId: user.tenantId, userId: user.id, account: user.account },
      { action: 'login', resource: 'session', resourceId: sessionId, after: client.id ? { via, client: client.id } : { via } },
    );
    return issueTokens(tx, user, sessionId, refreshable ? refreshToken : null, client.accessTtl);
  }

  /**
   * Whether the user may hold a session now: enabled. A sign-in lock is not asked: it only stops
   * new password sign-ins, for anyone can set it off by guessing wrong, and it must not let an
   * anonymous caller end someone's sessions (an administrator's disable does end them).
   */
  async function mayHoldSession(_tx: Tx, user: UserRow): Promise<boolean> {
    return user.status === 1;
  }

  /**
   * The same successor again for the refresh token rotated away from within the grace, when that
   * successor is still the session's current token (nothing rotated since) and the session lives;
   * otherwise null (the caller treats the token as stolen).
   */
  async function graceRefresh(tx: Tx, used: typeof authUsedRefreshTokens.$inferSelect, refreshToken: string): Promise<{ tokens: TokenResponse } | null> {
    if (!used.nextSealed || Date.now() - used.usedAt.getTime() > REFRESH_GRACE_SECONDS * 1000) return null;
    const next = openNext(refreshToken, used.nextSealed);
    if (next === null) return null;
    const [session] = await tx
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.id, used.sessionId), eq(authSessions.refreshHash, hashToken(next))))
      .for('update');
    if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
    const user = await findUser(tx, session.userId);
    if (!user || !(await mayHoldSession(tx, user))) return null;
    return { tokens: await issueTokens(tx, user, session.id, next) };
  }

  /** The refreshing client opened the session and (when confidential) still exists and is enabled. */
  async function sameLiveClient(tx: Tx, sessionClient: string | null, client: GrantClient): Promise<boolean> {
    if ((sessionClient ?? null) !== client.id) return false;
    if (client.id === null) return true;
    const row = await findClient(tx, client.id);
    return Boolean(row?.enabled);
  }

  async function endSession(tx: Tx, sessionId: string): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  return {
    publicKeyPem: keys.publicKeyPem,
    lockPolicy,
    providers,

    async signIn({ tenantId, account, encryptedPassword }, actor, client = publicClient) {
      const password = decryptPassword(encryptedPassword);
      if (randomInt(SWEEP_ONE_IN) === 0) await Promise.all([sweepLockouts(db), sweepRateLimits(db)]);
      // Unknown tenants and accounts take attempts and lock like real ones: the answers cannot tell them apart.
      if (!(await reserveAttempt(db, tenantId, account, lockPolicy))) throw invalidGrant('auth.userLocked');
      const tenantActive = await isActiveTenant(db, tenantId);
      // Checked in one transaction, recorded outside it (PGlite runs one transaction at a time).
      const checked = await asSignIn<{ error: string } | { user: UserRow }>(tenantId, async (tx) => {
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
      return asSignIn(tenantId, (tx) => openSession(tx, user, { ...actor, tenantId }, 'password', client));
    },

    async signInSocial({ tenantId, source, code }, actor, client = publicClient) {
      const provider = providers.find((p) => p.source === source);
      if (!provider) throw invalidRequest('auth.socialUnknownSource', { source: source.slice(0, 64) });
      let externalId: string | null;
      try {
        externalId = await provider.externalIdFor(code);
      } catch (error) {
        if (error instanceof ProviderUnavailable) {
          console.warn(`social sign-in through ${source}: ${error.message}`);
          throw socialUnavailable();
        }
        throw error;
      }
      if (!externalId) throw invalidGrant('auth.socialFailed');
      if (!(await isActiveTenant(db, tenantId))) throw invalidGrant('auth.tenantNotFound');
      const outcome = await asSignIn<Outcome>(tenantId, async (tx) => {
        // An administrator's link wins; without one, the account named like the provider's user.
        const linked = await linkedUserId(tx, source, externalId);
        const user = linked === undefined ? await findUserByAccount(tx, externalId) : await findUser(tx, linked);
        if (!user) return { error: 'auth.socialNotLinked' };
        if (user.status !== 1) return { error: 'auth.userDisabled' };
        return { tokens: await openSession(tx, user, { ...actor, tenantId }, `social:${source}`, client) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async signInSigned(input, actor, client = publicClient) {
      const signed = config.signedLogin;
      if (!signed) throw oauth(400, 'unsupported_grant_type', 'auth.signedLoginOff');
      const expected = createHmac('sha256', signed.secret).update(signedText(input)).digest('hex');
      if (!sameDigest(expected, input.sign)) throw invalidGrant('auth.signInvalid');
      const signedAt = input.time.length === 13 ? Number(input.time) : Number(input.time) * 1000;
      if (Math.abs(Date.now() - signedAt) > signed.windowSeconds * 1000) throw invalidGrant('auth.signExpired');
      if (randomInt(SWEEP_ONE_IN) === 0) {
        // A used signature outside the window is refused as expired anyway: forget it.
        await db.delete(authUsedSignatures).where(lt(authUsedSignatures.usedAt, new Date(Date.now() - 2 * signed.windowSeconds * 1000)));
      }
      const fresh = await db
        .insert(authUsedSignatures)
        .values({ hash: hashToken(`${input.tenantId}|${expected}`) })
        .onConflictDoNothing()
        .returning({ hash: authUsedSignatures.hash });
      if (fresh.length === 0) throw invalidGrant('auth.signReplayed');
      if (!(await isActiveTenant(db, input.tenantId))) throw invalidGrant('auth.tenantNotFound');
      const outcome = await asSignIn<Outcome>(input.tenantId, async (tx) => {
        // The caller holds the shared secret: it may learn that the account does not exist.
        const user = await findUserByAccount(tx, input.loginid);
        if (!user) return { error: 'auth.userNotFound' };
        if (user.status !== 1) return { error: 'auth.userDisabled' };
        const via = `signed${input.type ? `:${input.type.slice(0, 32)}` : ''}`;
        return { tokens: await openSession(tx, user, { ...actor, tenantId: input.tenantId }, via, client) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async signInAsClient(actor, client) {
      const { service } = client;
      if (!client.id || !service) throw unauthorizedClient('client_credentials');
      const { tenantId } = service;
      if (!(await isActiveTenant(db, tenantId))) throw invalidGrant('auth.serviceAccountUnavailable');
      const outcome = await asSignIn<Outcome>(tenantId, async (tx) => {
        const user = await findUserByAccount(tx, service.account);
        if (!user || !(await mayHoldSession(tx, user))) return { error: 'auth.serviceAccountUnavailable' };
        return { tokens: await openSession(tx, user, { ...actor, tenantId }, 'client_credentials', client, false) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async refresh(refreshToken, actor, client = publicClient) {
      const presented = hashToken(refreshToken);
      const [found] = rowsOf<{ tenant_id: string }>(
        await db.execute(sql`
          select tenant_id from ${authSessions} where refresh_hash = ${presented}
          union all select tenant_id from ${authUsedRefreshTokens} where hash = ${presented}
          limit 1`),
      );
      if (!found) throw invalidGrant('auth.refreshInvalid');
      const outcome = await asSignIn<Outcome>(found.tenant_id, async (tx) => {
        const [session] = await tx.select().from(authSessions).where(eq(authSessions.refreshHash, presented)).for('update');
        if (!session) {
          const [used] = await tx.select().from(authUsedRefreshTokens).where(eq(authUsedRefreshTokens.hash, presented));
          // The token the session rotated away from a moment ago, from its holder (a second tab
          // refreshing at the same time): the same successor, as long as it is still the session's.
          const graced = used && (await graceRefresh(tx, used, refreshToken));
          if (graced) return graced;
          // Any other token the session already rotated away from came back: someone else holds the session. End it.
          if (used) {
            await endSession(tx, used.sessionId);
            await audit.record(
              tx,
              { ...actor, tenantId: found.tenant_id },
              {
                action: 'refresh-reuse',
                resource: 'session',
                resourceId: used.sessionId,
              },
            );
          }
          return { error: 'auth.refreshInvalid' };
        }
        if (session.revokedAt || session.expiresAt <= new Date()) return { error: 'auth.refreshInvalid' };
        if (!(await sameLiveClient(tx, session.clientId, client))) return { error: 'auth.refreshInvalid' };
        const user = await findUser(tx, session.userId);
        if (!user || !(await mayHoldSession(tx, user))) return { error: 'auth.refreshInvalid' };
        const next = newOpaqueToken();
        await tx
          .insert(authUsedRefreshTokens)
          .values({ hash: presented, sessionId: session.id, tenantId: session.tenantId, nextSealed: sealNext(refreshToken, next) });
        await tx
          .update(authSessions)
          .set({ refreshHash: hashToken(next) })
          .where(eq(authSessions.id, session.id));
        await audit.record(
          tx,
          { ...actor, tenantId: session.tenantId, userId: user.id, account: user.account },
          { action: 'refresh', resource: 'session', resourceId: session.id },
        );
        return { tokens: await issueTokens(tx, user, session.id, next, client.accessTtl) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async renew(tx, claims, actor) {
      const user = await findUser(tx, claims.userId);
      const next = newOpaqueToken();
      // The guard checked the session a moment ago; a concurrent logout may still win.
      if (!user || !(await rotateSession(tx, claims.sessionId, hashToken(next)))) throw new AppError(401, 'common.tokenInvalid');
      await audit.record(tx, actor, { action: 'refresh', resource: 'session', resourceId: claims.sessionId });
      return issueTokens(tx, user, claims.sessionId, next);
    },

    async signInWithToken(token, actor) {
      const verified = await verifyAccessToken(keys.tokenSecret, token);
      if (!verified.ok) throw invalidGrant('auth.platformTokenInvalid');
      const { claims } = verified;
      const outcome = await asSignIn<Outcome>(claims.tenantId, async (tx) => {
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
      await endOneSession(tx, claims.sessionId);
      await audit.record(tx, actor, { action: 'logout', resource: 'session', resourceId: claims.sessionId });
    },
  };
}
