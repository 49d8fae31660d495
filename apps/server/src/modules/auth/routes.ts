import { timingSafeEqual } from 'node:crypto';
import { TENANT_HEADER } from '@macro/contract';
import { AUTH_ENDPOINTS, passwordGrant, refreshGrant, socialGrant } from '@macro/contract/auth';
import type { Db } from '@macro/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { route } from '../../platform/module.ts';
import { hit, TooManyAttempts } from './rateLimit.ts';
import { type AuthService, invalidClient, invalidRequest, unsupportedGrant } from './service.ts';

/** The realm `WWW-Authenticate` names when client authentication fails (RFC 6749 §5.2). */
const CLIENT_REALM = 'Basic realm="macro-auth", charset="UTF-8"';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** %-decoding that treats broken escapes as a failed client authentication, not a crash. */
function decodeComponent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidClient();
  }
}

/** The OAuth client must authenticate with HTTP Basic (RFC 6749 §2.3.1). */
function checkClient(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  try {
    authenticateClient(request, config);
  } catch (error) {
    reply.header('www-authenticate', CLIENT_REALM);
    throw error;
  }
}

function authenticateClient(request: FastifyRequest, config: Config): void {
  const match = request.headers.authorization?.match(/^basic\s+(\S+)$/i);
  if (!match) throw invalidClient();
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split < 0) throw invalidClient();
  const id = decodeComponent(decoded.slice(0, split));
  const secret = decodeComponent(decoded.slice(split + 1));
  if (!sameSecret(id, config.clientId) || !sameSecret(secret, config.clientSecret)) throw invalidClient();
}

/** Parses a grant's fields; a failure is an RFC 6749 invalid_request naming the field. */
function parseGrant<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidRequest(issue.message.includes('.') ? issue.message : 'common.missingField', {
    field: issue.path.join('.'),
  });
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

/**
 * Counts an attempt against its limits (in the database, shared by replicas); past one, 429
 * with `Retry-After`.
 */
async function limited(db: Db, reply: FastifyReply, keys: { key: string; limit: number }[], windowSeconds: number) {
  try {
    for (const { key, limit } of keys) await hit(db, key, limit, windowSeconds);
  } catch (error) {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfter));
    throw error;
  }
}

/** The tenant of a sign-in, from its header. */
function tenantOf(request: FastifyRequest): string {
  const tenantId = headerValue(request, TENANT_HEADER);
  if (!tenantId || tenantId.includes('\u0000') || tenantId.length > 64) throw invalidRequest('auth.tenantRequired');
  return tenantId;
}

export function authRoutes(service: AuthService, db: Db, config: Config) {
  const window = config.signInRateWindow;
  const byAddress = (request: FastifyRequest) => ({ key: `ip:${request.ip}`, limit: config.signInRatePerAddress });
  const signOut = route(AUTH_ENDPOINTS.logout, async (_, { tx, auth, actor }) => {
    await service.signOut(tx, auth!, actor);
    return null;
  });
  return [
    route(AUTH_ENDPOINTS.publicKey, async () => ({ publicKey: service.publicKeyPem })),
    route(AUTH_ENDPOINTS.socialProviders, async () => {
      const social = config.social;
      if (!social?.authorizeUrl) return [];
      const url = new URL(social.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', social.clientId);
      if (social.redirectUri) url.searchParams.set('redirect_uri', social.redirectUri);
      return [{ source: social.source, authorizeUrl: url.toString() }];
    }),
    route(
      AUTH_ENDPOINTS.token,
      async (_, { request, reply, actor }) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        await limited(db, reply, [byAddress(request)], window);
        checkClient(request, reply, config);
        const body = (request.body ?? {}) as { grant_type?: unknown };
        const grant = body.grant_type;
        if (grant === 'password') {
          const tenantId = tenantOf(request);
          const fields = parseGrant(passwordGrant, body);
          const account = { key: `account:${tenantId}:${fields.username}`, limit: config.signInRatePerAccount };
          await limited(db, reply, [account], window);
          return service.signIn(
            { tenantId, account: fields.username, encryptedPassword: fields.password },
            { ...actor, tenantId },
          );
        }
        if (grant === 'social') {
          const tenantId = tenantOf(request);
          const fields = parseGrant(socialGrant, body);
          return service.signInSocial({ tenantId, source: fields.source, code: fields.code }, { ...actor, tenantId });
        }
        if (grant === 'refresh_token') {
          const fields = parseGrant(refreshGrant, body);
          return service.refresh(fields.refresh_token, actor);
        }
        if (grant === undefined || grant === '') throw invalidRequest('common.missingField', { field: 'grant_type' });
        throw unsupportedGrant(String(grant).slice(0, 64));
      },
      { ownValidation: true },
    ),
    signOut,
    { ...signOut, endpoint: AUTH_ENDPOINTS.logoutGet },
    route(AUTH_ENDPOINTS.platformToken, async ({ body }, { request, reply, actor }) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      await limited(db, reply, [byAddress(request)], window);
      return service.signInWithToken(body.token, actor);
    }),
    route(AUTH_ENDPOINTS.renew, async (_, { tx, auth, actor, reply }) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return service.renew(tx, auth!, actor);
    }),
  ];
}
