import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  tenantId: string;
  sessionId: string;
  account: string;
}

const ISSUER = 'macro-console';

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId, acc: claims.account })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

export type VerifyResult = { ok: true; claims: AccessClaims; expiresAt: number } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, tid, sid, acc, exp } = payload;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof acc !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId: Number(sub), tenantId: tid, sessionId: sid, account: acc };
    return { ok: true, claims, expiresAt: (exp ?? 0) * 1000 };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
