/** Every call sits under /api. */
export const API_PREFIX = '/api';

/** Headers of the spec's client: the tenant at sign-in, the user's token afterwards. */
export const TENANT_HEADER = 'tenant-id';
export const AUTH_HEADER = 'macro-auth';
/**
 * The token cookie: the access token again, HttpOnly, for what the browser
 * fetches by itself and cannot give a header (downloads, previews). Accepted only by GET
 * endpoints that declare `cookieAuth`, and never instead of the header on a change (CSRF).
 */
export const TOKEN_COOKIE = 'macro-access-token';
