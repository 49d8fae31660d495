import type { PermissionCode } from '@macro/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './context.ts';
import { inTenant } from './context.ts';
import type { Db, Tx } from './db.ts';
import { forbidden, unauthorized } from './errors.ts';
import { type AccessClaims, verifyAccessToken } from './tokens.ts';

/**
 * What a route requires: a permission code (or one chosen from the parsed request),
 * any signed-in user, or nothing at all.
 */
export type RoutePermission = PermissionCode | 'authenticated' | 'public' | ((request: FastifyRequest) => PermissionCode);

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
    /** Runs work in one transaction scoped to the signed-in user's tenant. */
    tenantTx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
    actor(): Actor;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers['macro-auth'] ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/**
 * Checks, before any handler, that the route declared a permission, that the token is valid,
 * its session alive and its user enabled, and that the user's roles grant the code.
 */
export function registerGuard(app: FastifyInstance, db: Db, tokenSecret: Uint8Array): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantTx', function tenantTx<T>(this: FastifyRequest, work: (tx: Tx) => Promise<T>) {
    if (!this.auth) throw unauthorized();
    return inTenant(db, this.auth.tenantId, work);
  });
  app.decorateRequest('actor', function actor(this: FastifyRequest): Actor {
    return {
      tenantId: this.auth?.tenantId ?? '',
      userId: this.auth?.userId ?? null,
      account: this.auth?.account ?? '',
      ip: this.ip,
      language: this.language,
    };
  });

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    if (isApi && route.config?.permission === undefined) {
      throw new Error(`route ${route.method} ${route.url} declares no permission`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === undefined || permission === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const verified = await verifyAccessToken(tokenSecret, token);
    if (!verified.ok) throw unauthorized('common.tokenInvalid');
    const code = typeof permission === 'function' ? permission(request) : permission === 'authenticated' ? '' : permission;
    const allowed = await checkSession(db, verified.claims, code);
    if (allowed === 'dead') throw unauthorized('common.tokenInvalid');
    if (allowed === 'denied') throw forbidden(code);
    request.auth = verified.claims;
  });
}

/** One query: the session is alive, its user enabled, and (when a code is asked) a role grants it. */
async function checkSession(db: Db, claims: AccessClaims, code: string): Promise<'ok' | 'dead' | 'denied'> {
  const result = await db.execute(sql`
    select ${code} = '' or exists (
             select 1 from macro_user_role ur
             join macro_role_menu rm on rm.role_id = ur.role_id
             join macro_menu m on m.id = rm.menu_id
             where ur.user_id = u.id and m.code = ${code}) as allowed
    from auth_session s
    join macro_user u on u.id = s.user_id and u.tenant_id = s.tenant_id
    where s.id = ${claims.sessionId} and s.user_id = ${claims.userId} and s.tenant_id = ${claims.tenantId}
      and s.revoked_at is null and s.expires_at > now() and u.status = 1`);
  const row = (result as unknown as { rows: { allowed: boolean }[] }).rows[0];
  if (!row) return 'dead';
  return row.allowed ? 'ok' : 'denied';
}

