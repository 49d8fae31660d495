import { timingSafeEqual } from 'node:crypto';
import { AUTH_PATHS, API_PREFIX, passwordGrant, refreshGrant, successOf, TENANT_HEADER, tokenRequest } from '@macro/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { ok } from '../../platform/http.ts';
import { type AuthService, invalidClient, invalidRequest, unsupportedGrant } from './service.ts';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The OAuth client must authenticate with HTTP Basic (RFC 6749 §2.3.1). */
function checkClient(request: FastifyRequest, config: Config): void {
  const match = request.headers.authorization?.match(/^basic\s+(\S+)$/i);
  if (!match) throw invalidClient();
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split < 0) throw invalidClient();
  const id = decodeURIComponent(decoded.slice(0, split));
  const secret = decodeURIComponent(decoded.slice(split + 1));
  if (!sameSecret(id, config.clientId) || !sameSecret(secret, config.clientSecret)) throw invalidClient();
}

function parseGrant<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidRequest(issue.message.includes('.') ? issue.message : 'common.missingField', {
    field: issue.path.join('.'),
  });
}

export function authRoutes(service: AuthService, config: Config): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${API_PREFIX}${AUTH_PATHS.publicKey}`,
      {
        config: { permission: 'public' },
        schema: { tags: ['auth'], response: { 200: successOf(z.object({ publicKey: z.string() })) } },
      },
      async (request) => ok(request, { publicKey: service.publicKeyPem }),
    );

    app.post(
      `${API_PREFIX}${AUTH_PATHS.token}`,
      {
        config: { permission: 'public' },
        schema: { tags: ['auth'], body: tokenRequest, description: 'OAuth 2.0 token endpoint (form-encoded).' },
      },
      async (request) => {
        checkClient(request, config);
        const actor = request.actor();
        const grant = request.body.grant_type;
        if (grant === 'password') {
          const tenantHeader = request.headers[TENANT_HEADER];
          const tenantId = (Array.isArray(tenantHeader) ? tenantHeader[0] : tenantHeader)?.trim();
          if (!tenantId) throw invalidRequest('auth.tenantRequired');
          const body = parseGrant(passwordGrant, request.body);
          return service.signIn(
            { tenantId, account: body.username.trim(), encryptedPassword: body.password },
            { ...actor, tenantId },
          );
        }
        if (grant === 'refresh_token') {
          const body = parseGrant(refreshGrant, request.body);
          return service.refresh(body.refresh_token, actor);
        }
        if (!grant) throw invalidRequest('common.missingField', { field: 'grant_type' });
        throw unsupportedGrant(String(grant));
      },
    );

    const logout = {
      config: { permission: 'authenticated' as const },
      schema: { tags: ['auth'], response: { 200: successOf(z.null()) } },
    };
    const signOut = async (request: FastifyRequest) => {
      await service.signOut(request.tx, request.auth!, request.actor());
      return ok(request, null);
    };
    app.post(`${API_PREFIX}${AUTH_PATHS.logout}`, logout, signOut);
    app.get(`${API_PREFIX}${AUTH_PATHS.logout}`, logout, signOut);
  };
}
