import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, sourceOf } from './config.ts';

/** CSP source keywords an operator may write without their quotes in MACRO_FRAME_ANCESTORS. */
const KEYWORDS = new Set(['self', 'none']);

function quoteKeywords(sources: string[]): string[] {
  return sources.map((source) => (KEYWORDS.has(source.toLowerCase()) ? `'${source.toLowerCase()}'` : source));
}

/**
 * The console's Content-Security-Policy, sent on every response (API replies included, so a
 * JSON body opened as a page can run nothing).
 * - script-src 'self': the built index.html has no inline script, Vite's module preload helper is
 *   bundled; Swagger UI at /docs loads its scripts from files too.
 * - style-src 'unsafe-inline': antd (cssinjs) and Swagger UI insert <style> elements and style
 *   attributes at run time.
 * - frame-src http(s): menu entries that are links open in the console's iframe page; blob: and
 *   media-src blob: for the file preview dialog (a pdf in a frame, an mp4 video).
 * - img-src / connect-src: the map picker's tile and search addresses, when configured.
 * - frame-ancestors from MACRO_FRAME_ANCESTORS, for hosts that embed the console (micro-frontend).
 * No upgrade-insecure-requests: a console served over plain http on an intranet must keep working.
 */
export function cspDirectives(config: Pick<Config, 'frameAncestors'> & Partial<Pick<Config, 'map'>>): Record<string, string[]> {
  const tiles = sourceOf(config.map?.tileUrl ?? '');
  const geocoder = sourceOf(config.map?.geocoderUrl ?? '');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(geocoder ? [geocoder] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'https:', 'http:', 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': quoteKeywords(config.frameAncestors),
  };
}

/** HSTS as helmet would send it: 180 days, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

/**
 * Security headers on every response (helmet): the CSP above, nosniff, a referrer policy that
 * sends no path across origins, and no X-Frame-Options, which would contradict frame-ancestors
 * (SAMEORIGIN would refuse the configured embedding hosts in browsers that read both).
 * Strict-Transport-Security only on a request that came over TLS, to this server or to a proxy
 * it trusts (MACRO_TRUST_PROXY) that says so in X-Forwarded-Proto: browsers ignore it over plain
 * http, and a console reached by http on an intranet must not be told it lives on https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const entries = Object.entries(headers);
  app.addHook('onRequest', (request, reply, done) => {
    // On the response itself, as helmet does: a route that writes the raw response keeps them too.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    // Fastify reads X-Forwarded-Proto only from a trusted proxy; otherwise the socket decides.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}

/**
 * The headers helmet sends with these options, worked out once: none of them depends on the
 * request (no CSP nonces), so each response gets the same set instead of helmet building its
 * policy again per request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
