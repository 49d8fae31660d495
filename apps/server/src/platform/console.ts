import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, translate } from '@macro/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db.ts';
import { failure } from './http.ts';

/** Hashed file names under /assets/ never change content: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long /health waits for the database before it reports the server unavailable. */
const HEALTH_TIMEOUT_MS = 3000;
/** Build output that is only worth compressing above this size (the web build's plugin uses the same). */
const COMPRESS_ABOVE = 1024;

type Encoding = 'br' | 'gzip';

/**
 * Serves the built console and the load balancers' health check, outside /api:
 * - GET /health: 200 {status:'ok'} when the database answers `select 1`, else 503;
 * - files of the build: their brotli / gzip siblings (written at build time) when the client
 *   accepts them, /assets/* cached as immutable, everything else revalidated;
 * - index.html (with this server's OAuth client filled in) for `/` and for any GET of a path
 *   without a file extension outside /api and /assets: the console's own routes.
 * Unknown /api paths and missing files stay 404 envelopes.
 */
export function registerConsole(app: FastifyInstance, config: Config, db: Db): void {
  registerHealth(app, db);

  const indexFile = join(config.webDist, 'index.html');
  const hasConsole = existsSync(indexFile);
  const index = hasConsole ? compressedVariants(consoleIndex(readFileSync(indexFile, 'utf8'), config)) : null;
  if (hasConsole) {
    const assetsDir = join(config.webDist, 'assets') + sep;
    app.register(fastifyStatic, {
      root: config.webDist,
      // One route per file of the build, found at start: no file-system look-up for unknown paths.
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed siblings are chosen by Accept-Encoding, not requested by name; index.html
      // is served from memory (below) because the server fills in its OAuth client.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!index) return notFound(request, reply);
    const encoding = negotiate(request.headers['accept-encoding']);
    const body = (encoding && index[encoding]) || index.identity;
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (body !== index.identity) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);
  registerMicroHost(app, config);

  app.setNotFoundHandler((request, reply) => (isConsoleRoute(request) ? sendIndex(request, reply) : notFound(request, reply)));
}

/**
 * The example host page of the micro-frontend mode (the build's `micro-host.html`) at
 * /micro-host and below: it mounts the console with its routes under /micro-host/console, so a
 * reload of any console page there comes back to the host.
 */
function registerMicroHost(app: FastifyInstance, config: Config): void {
  const file = join(config.webDist, 'micro-host.html');
  if (!existsSync(file)) return;
  const page = readFileSync(file);
  const send = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.get('/micro-host', { schema: { hide: true } }, send);
  app.get('/micro-host/*', { schema: { hide: true } }, send);
}

function registerHealth(app: FastifyInstance, db: Db): void {
  // Probed every few seconds: keep its request logs out of the info level.
  app.get('/health', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database does not answer');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
}

/** A GET of one of the console's own pages: not the API, not a file (no extension), not under /assets. */
function isConsoleRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const message = translate(request.language, 'common.routeNotFound', {
    method: request.method,
    url: request.url.split('?')[0],
  });
  return reply.status(404).send(failure(404, message));
}

/** `&` and `"` escaped for a double-quoted attribute. */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The built index.html with this server's OAuth client (a public client: its id only, never a
 * secret), frame origins and the map picker's addresses in its meta tags.
 */
function consoleIndex(html: string, config: Config): string {
  return html
    .replace(/<meta name="macro-client" content="[^"]*"\s*\/?>/, `<meta name="macro-client" content="${escapeAttribute(config.clientId)}">`)
    .replace(/<meta name="macro-frame-origins" content="[^"]*"\s*\/?>/, `<meta name="macro-frame-origins" content="${config.frameOrigins.join(' ')}">`)
    .replace(/<meta name="macro-map-tiles" content="[^"]*"\s*\/?>/, `<meta name="macro-map-tiles" content="${escapeAttribute(config.map.tileUrl)}">`)
    .replace(
      /<meta name="macro-map-attribution" content="[^"]*"\s*\/?>/,
      `<meta name="macro-map-attribution" content="${escapeAttribute(config.map.attribution)}">`,
    )
    .replace(/<meta name="macro-map-geocoder" content="[^"]*"\s*\/?>/, `<meta name="macro-map-geocoder" content="${escapeAttribute(config.map.geocoderUrl)}">`);
}

function compressedVariants(html: string): { identity: Buffer } & Partial<Record<Encoding, Buffer>> {
  const identity = Buffer.from(html);
  if (identity.length <= COMPRESS_ABOVE) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Brotli when the client accepts it, else gzip, else none (quality values honoured, `*` counts). */
function negotiate(header: string | string[] | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | undefined>(
    (chosen, name) => (weight(name) > 0 && (!chosen || weight(name) > weight(chosen)) ? name : chosen),
    undefined,
  );
  return best;
}
