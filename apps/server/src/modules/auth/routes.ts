import { timingSafeEqual } from 'node:crypto';
import { TENANT_HEADER } from '@macro/contract';
import { AUTH_ENDPOINTS, clientCredentialsGrant, passwordGrant, refreshGrant, signedGrant, socialGrant, type TokenResponse } from '@macro/contract/auth';
import type { Actor, Db } from '@macro/store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { route } from '../../platform/module.ts';
import { clearTokenCookie, setTokenCookie } from '../../platform/tokenCookie.ts';
import { hit, TooManyAttempts } from './rateLimit.ts';
import { DECOY_HASH, verifyPassword } from '../identity/public.ts';
import { consoleClient, findClient, type GrantClient } from './clients.ts';
import { type AuthService, invalidClient, invalidRequest, unauthorizedClient, unsupportedGrant } from './service.ts';

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

/**
 * Who is asking for tokens (RFC 6749 §2.3): the console's public client names itself by id only
 * (HTTP Basic with an empty secret, or a `client_id` form field); a confidential client
 * authenticates with HTTP Basic. Any failure, unknown id or wrong secret alike, is 401
 * invalid_client with `WWW-Authenticate`.
 */
async function checkClient(request: FastifyRequest, reply: FastifyReply, db: Db, config: Config): Promise<GrantClient> {
  try {
    return await authenticateClient(request, db, config);
  } catch (error) {
    reply.header('www-authenticate', CLIENT_REALM);
    throw error;
  }
}

async function authenticateClient(request: FastifyRequest, db: Db, config: Config): Promise<GrantClient> {
  const header = request.headers.authorization;
  let id: string;
  let secret: string;
  if (header) {
    const match = header.match(/^basic\s+(\S+)$/i);
    if (!match) throw invalidClient();
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const split = decoded.indexOf(':');
    id = decodeComponent(split < 0 ? decoded : decoded.slice(0, split));
    secret = split < 0 ? '' : decodeComponent(decoded.slice(split + 1));
  } else {
    const field = (request.body as { client_id?: unknown } | undefined)?.client_id;
    if (typeof field !== 'string') throw invalidClient();
    id = field;
    secret = '';
  }
  if (!id || id.length > 128 || id.includes('\u0000')) throw invalidClient();
  // The console's public client: its id alone, or (as before) with the configured secret.
  if (sameSecret(id, config.clientId)) {
    if (secret === '' || sameSecret(secret, config.clientSecret)) return consoleClient(config);
    throw invalidClient();
  }
  const client = await findClient(db, id);
  // Unknown, disabled and wrong secret answer alike; the decoy keeps the timing alike too.
  const matches = await verifyPassword(secret, client?.secretHash ?? DECOY_HASH);
  if (!client?.enabled || !secret || !matches) throw invalidClient();
  const service = client.serviceTenantId && client.serviceAccount ? { tenantId: client.serviceTenantId, account: client.serviceAccount } : null;
  return { id: client.clientId, grants: client.grants, accessTtl: client.accessTtl, refreshTtl: client.refreshTtl, service };
}

/** The client may use `grant` (RFC 6749 §5.2 unauthorized_client otherwise). */
function allowGrant(client: GrantClient, grant: string): void {
  if (client.grants !== 'all' && !client.grants.includes(grant)) throw unauthorizedClient(grant);
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

/** Tokens travel in the body and, for downloads and previews, in the token cookie. */
function withCookie(request: FastifyRequest, reply: FastifyReply, tokens: TokenResponse): TokenResponse {
  setTokenCookie(request, reply, tokens.access_token, tokens.expires_in);
  return tokens;
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
  const signOut = route(AUTH_ENDPOINTS.logout, async (_, { tx, auth, actor, request, reply }) => {
    await service.signOut(tx, auth!, actor);
    clearTokenCookie(request, reply);
    return null;
  });
  /** The grant the form names, checked and carried out (the client is already authenticated). */
  async function grantTokens(request: FastifyRequest, reply: FastifyReply, actor: Actor, client: GrantClient): Promise<TokenResponse> {
    const body = (request.body ?? {}) as { grant_type?: unknown };
    const grant = body.grant_type;
    if (grant === 'password') {
      allowGrant(client, 'password');
      const tenantId = tenantOf(request);
      const fields = parseGrant(passwordGrant, body);
      const account = { key: `account:${tenantId}:${fields.username}`, limit: config.signInRatePerAccount };
      await limited(db, reply, [account], window);
      return service.signIn({ tenantId, account: fields.username, encryptedPassword: fields.password }, { ...actor, tenantId }, client);
    }
    if (grant === 'social') {
      allowGrant(client, 'social');
      const tenantId = tenantOf(request);
      const fields = parseGrant(socialGrant, body);
      return service.signInSocial({ tenantId, source: fields.source, code: fields.code }, { ...actor, tenantId }, client);
    }
    if ((grant === undefined || grant === '') && (body as { loginid?: unknown }).loginid !== undefined) {
      // The spec's legacy variant carries no grant_type: loginid, sign, time, Type.
      allowGrant(client, 'signed');
      const tenantId = tenantOf(request);
      const fields = parseGrant(signedGrant, body);
      const account = { key: `account:${tenantId}:${fields.loginid}`, limit: config.signInRatePerAccount };
      await limited(db, reply, [account], window);
      return service.signInSigned(
        { tenantId, loginid: fields.loginid, sign: fields.sign, time: fields.time, type: fields.Type },
        { ...actor, tenantId },
        client,
      );
    }
    if (grant === 'refresh_token') {
      allowGrant(client, 'refresh_token');
      const fields = parseGrant(refreshGrant, body);
      return service.refresh(fields.refresh_token, actor, client);
    }
    if (grant === 'client_credentials') {
      // Only a confidential client with a service account: never the console's public client.
      if (!client.id || !client.service) throw unauthorizedClient('client_credentials');
      allowGrant(client, 'client_credentials');
      parseGrant(clientCredentialsGrant, body);
      return service.signInAsClient(actor, client);
    }
    if (grant === undefined || grant === '') throw invalidRequest('common.missingField', { field: 'grant_type' });
    throw unsupportedGrant(String(grant).slice(0, 64));
  }
  return [
    route(AUTH_ENDPOINTS.publicKey, async () => ({ publicKey: service.publicKeyPem })),
    route(AUTH_ENDPOINTS.socialProviders, async () =>
      service.providers.flatMap((provider) => {
        const authorizeUrl = provider.authorizeUrl();
        return authorizeUrl ? [{ source: provider.source, authorizeUrl }] : [];
      }),
    ),
    route(
      AUTH_ENDPOINTS.token,
      async (_, { request, reply, actor }) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        await limited(db, reply, [byAddress(request)], window);
        const client = await checkClient(request, reply, db, config);
        return withCookie(request, reply, await grantTokens(request, reply, actor, client));
      },
      { ownValidation: true },
    ),
    signOut,
    { ...signOut, endpoint: AUTH_ENDPOINTS.logoutGet },
    route(AUTH_ENDPOINTS.platformToken, async ({ body }, { request, reply, actor }) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      await limited(db, reply, [byAddress(request)], window);
      return withCookie(request, reply, await service.signInWithToken(body.token, actor));
    }),
    route(AUTH_ENDPOINTS.renew, async (_, { tx, auth, actor, request, reply }) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return withCookie(request, reply, await service.renew(tx, auth!, actor));
    }),
  ];
}
