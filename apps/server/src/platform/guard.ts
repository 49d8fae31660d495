import type { PermissionCode } from '@macro/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Actor } from './context.ts';
import type { Db, Tx } from './db.ts';
import { forbidden, unauthorized } from './errors.ts';
import { APP_ROLE } from './tenancy.ts';
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
  interface FastifyInstance {
    /** Every /api route with what it requires, for tests that sweep them all. */
    apiRoutes: { method: string; url: string; permission: RoutePermission }[];
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
    /** The request's transaction, scoped to the signed-in user's tenant (authenticated routes only). */
    tx: Tx;
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
 * Every /api route must declare a permission. Each non-public route runs its handler inside one
 * transaction whose first statement checks that the token's session is alive, its user enabled
 * and the code granted, and then scopes the transaction to the user's tenant as the request role.
 */
export function registerGuard(app: FastifyInstance, db: Db, tokenSecret: Uint8Array): void {
  app.decorate('apiRoutes', []);
  app.decorateRequest('auth', null);
  app.decorateRequest('tx', {
    getter(): Tx {
      throw new Error('request.tx is only available inside an authenticated route');
    },
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
    const permission = route.config?.permission;
    if (!route.url.startsWith('/api/')) return;
    if (permission === undefined) throw new Error(`route ${route.method} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, permission });
    if (permission === 'public') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function guarded(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const verified = await verifyAccessToken(tokenSecret, token);
      if (!verified.ok) throw unauthorized('common.tokenInvalid');
      const code = typeof permission === 'function' ? permission(request) : permission === 'authenticated' ? '' : permission;
      return db.transaction(async (tx) => {
        await openRequestScope(tx, verified.claims, code);
        request.auth = verified.claims;
        Object.defineProperty(request, 'tx', { value: tx, configurable: true });
        return handler.call(this, request, reply);
      });
    };
  });
}

/**
 * One statement: the session is alive and its user enabled, a role grants the code (when one
 * is asked), and then, only for such a session, the tenant setting and the request role are set.
 * The materialised CTE runs first, as the connecting role, before the role switch.
 */
async function openRequestScope(tx: Tx, claims: AccessClaims, code: string): Promise<void> {
  const result = await tx.execute(sql`
    with session as materialized (
      select ${code} = '' or exists (
               select 1 from macro_user_role ur
               join macro_role_menu rm on rm.role_id = ur.role_id
               join macro_menu m on m.id = rm.menu_id
               where ur.user_id = u.id and m.code = ${code}) as allowed
      from auth_session s
      join macro_user u on u.id = s.user_id and u.tenant_id = s.tenant_id
      where s.id = ${claims.sessionId} and s.user_id = ${claims.userId} and s.tenant_id = ${claims.tenantId}
        and s.revoked_at is null and s.expires_at > now() and u.status = 1)
    select allowed, set_config('app.tenant_id', ${claims.tenantId}, true) as tenant,
           set_config('role', ${APP_ROLE}, true) as role
    from session`);
  const row = (result as unknown as { rows: { allowed: boolean; role: string }[] }).rows[0];
  if (!row) throw unauthorized('common.tokenInvalid');
  if (!row.allowed) throw forbidden(code);
}
