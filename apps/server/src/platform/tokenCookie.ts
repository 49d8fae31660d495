import { API_PREFIX, TOKEN_COOKIE } from '@macro/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** HttpOnly (no script reads it), SameSite=Lax (no cross-site subrequest carries it), Secure over https, only under /api. */
const attributes = (request: FastifyRequest) => ({ path: API_PREFIX, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }) as const;

/**
 * Puts the access token in the token cookie too (the token lives in a cookie and in
 * local storage), for the GET endpoints that declare `cookieAuth`. It lives as long as the token
 * inside it: a longer cookie would only carry a dead token.
 */
export function setTokenCookie(request: FastifyRequest, reply: FastifyReply, token: string, lifetimeSeconds: number): void {
  reply.setCookie(TOKEN_COOKIE, token, { ...attributes(request), maxAge: lifetimeSeconds });
}

export function clearTokenCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, attributes(request));
}
