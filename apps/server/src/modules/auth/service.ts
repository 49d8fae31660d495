import { constants, createPrivateKey, type KeyObject, privateDecrypt, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@macro/contract';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { type Actor, inTenant } from '../../platform/context.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformKeys } from '../../platform/keys.ts';
import { type AccessClaims, hashToken, newOpaqueToken, signAccessToken } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { tenants } from '../tenants/tables.ts';
import { DECOY_HASH, verifyPassword } from '../users/password.ts';
import { findUserByAccount, recordFailedLogin, recordSuccessfulLogin, roleNamesOf } from '../users/service.ts';
import type { users } from '../users/tables.ts';
import { authSessions } from './tables.ts';

export interface AuthService {
  publicKeyPem: string;
  signIn(input: { tenantId: string; account: string; encryptedPassword: string }, actor: Actor): Promise<TokenResponse>;
  refresh(refreshToken: string, actor: Actor): Promise<TokenResponse>;
  signOut(tx: Tx, claims: AccessClaims, actor: Actor): Promise<void>;
}

/** RFC 6749 §5.2 errors carry their code beside our translated message. */
const oauth = (status: number, error: string, key: string, params?: Record<string, string>) =>
  new AppError(status, key, params, error);
export const invalidRequest = (key: string, params?: Record<string, string>) => oauth(400, 'invalid_request', key, params);
export const invalidClient = () => oauth(401, 'invalid_client', 'auth.invalidClient');
export const invalidGrant = (key: string) => oauth(400, 'invalid_grant', key);
export const unsupportedGrant = (grant: string) => oauth(400, 'unsupported_grant_type', 'auth.unsupportedGrant', { grant });

type UserRow = typeof users.$inferSelect;
/** A grant either issues tokens or names why not; failures still commit what they recorded. */
type Outcome = { error: string } | { tokens: TokenResponse };

export function createAuthService(db: Db, keys: PlatformKeys, config: Config): AuthService {
  const privateKey: KeyObject = createPrivateKey(keys.privateKeyPem);

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
      dept_id: user.deptId,
      dept_name: user.deptName,
      nick_name: user.name,
      real_name: user.realName,
      avatar: user.avatar,
      role_name: names.join(','),
      account: user.account,
      must_change_password: user.mustChangePassword,
    };
  }

  async function activeTenant(tenantId: string): Promise<void> {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
    if (tenant?.status !== 1) throw invalidGrant('auth.tenantNotFound');
  }

  return {
    publicKeyPem: keys.publicKeyPem,

    async signIn({ tenantId, account, encryptedPassword }, actor) {
      const password = decryptPassword(encryptedPassword);
      await activeTenant(tenantId);
      const outcome = await inTenant<Outcome>(db, tenantId, async (tx) => {
        const user = await findUserByAccount(tx, account);
        const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
        if (!user) return { error: 'auth.badCredentials' };
        if (user.locked) return { error: 'auth.userLocked' };
        if (user.status !== 1) return { error: 'auth.userDisabled' };
        if (!matches) {
          await recordFailedLogin(tx, user.id, config.maxLoginFailures);
          return { error: 'auth.badCredentials' };
        }
        await recordSuccessfulLogin(tx, user.id);
        const sessionId = randomUUID();
        const refreshToken = newOpaqueToken();
        await tx.insert(authSessions).values({
          id: sessionId,
          tenantId,
          userId: user.id,
          refreshHash: hashToken(refreshToken),
          expiresAt: new Date(Date.now() + config.refreshTtl * 1000),
        });
        await recordAudit(
          tx,
          { ...actor, tenantId, userId: user.id, account: user.account },
          { action: 'login', resource: 'session', resourceId: sessionId },
        );
        return { tokens: await issueTokens(tx, user, sessionId, refreshToken) };
      });
      // A failed attempt is committed (the counter must survive) and only then reported.
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async refresh(refreshToken, actor) {
      const presented = hashToken(refreshToken);
      const [found] = await db
        .select({ tenantId: authSessions.tenantId })
        .from(authSessions)
        .where(or(eq(authSessions.refreshHash, presented), eq(authSessions.previousHash, presented)));
      if (!found) throw invalidGrant('auth.refreshInvalid');
      const outcome = await inTenant<Outcome>(db, found.tenantId, async (tx) => {
        const [session] = await tx
          .select()
          .from(authSessions)
          .where(or(eq(authSessions.refreshHash, presented), eq(authSessions.previousHash, presented)))
          .for('update');
        if (!session || session.revokedAt || session.expiresAt <= new Date()) return { error: 'auth.refreshInvalid' };
        if (session.refreshHash !== presented) {
          // An already rotated token came back: someone else holds the family. End it.
          await tx.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, session.id));
          return { error: 'auth.refreshInvalid' };
        }
        const user = await tx.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.id, session.userId) });
        if (user?.status !== 1 || user.locked) return { error: 'auth.refreshInvalid' };
        const next = newOpaqueToken();
        await tx
          .update(authSessions)
          .set({ refreshHash: hashToken(next), previousHash: presented })
          .where(eq(authSessions.id, session.id));
        await recordAudit(
          tx,
          { ...actor, tenantId: session.tenantId, userId: user.id, account: user.account },
          { action: 'refresh', resource: 'session', resourceId: session.id },
        );
        return { tokens: await issueTokens(tx, user, session.id, next) };
      });
      if ('error' in outcome) throw invalidGrant(outcome.error);
      return outcome.tokens;
    },

    async signOut(tx, claims, actor) {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, claims.sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())));
      await recordAudit(tx, actor, { action: 'logout', resource: 'session', resourceId: claims.sessionId });
    },
  };
}
