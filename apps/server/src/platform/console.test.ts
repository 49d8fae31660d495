import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { dbLabel, describeDb, type TestServer, startServer } from '../test/helper.ts';
import { readConfig } from './config.ts';
import { registerConsole } from './console.ts';
import type { Db } from './db.ts';
import { registerSecurityHeaders, STRICT_TRANSPORT_SECURITY } from './security.ts';

/** A stand-in for `vite build` output: index.html and one hashed script with its compressed siblings. */
function fakeBuild(): { dir: string; script: Buffer; br: Buffer; gz: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'macro-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="macro-client" content="macro:macro_secret" /><meta name="macro-frame-origins" content="" />' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = Buffer.from(`export const words = ${JSON.stringify('console '.repeat(400))};\n`);
  const br = brotliCompressSync(script);
  const gz = gzipSync(script);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), br);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gz);
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, script, br, gz };
}

describeDb(`console, health, headers and proxy trust (${dbLabel})`, () => {
  let server: TestServer;
  let build: ReturnType<typeof fakeBuild>;
  const extraApps: FastifyInstance[] = [];
  beforeAll(async () => {
    build = fakeBuild();
    server = await startServer({
      webDist: build.dir,
      clientId: 'console',
      clientSecret: 'console_secret',
      frameOrigins: ['https://report.example.com', 'http://intranet.example.com:8080'],
    });
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await server?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
  const script = '/assets/app-abc123.js';

  it('sends a hashed asset brotli-compressed when the client accepts br, cached as immutable', async () => {
    const response = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(build.br)).toBe(true);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(build.gz)).toBe(true);

    const identity = await get(script);
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(build.script)).toBe(true);
    expect(identity.headers.vary).toMatch(/accept-encoding/i);

    const refused = await get(script, { 'accept-encoding': 'br;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('serves the console for / and its own routes whatever the Accept header, never cached', async () => {
    for (const [url, accept] of [
      ['/', '*/*'],
      ['/', 'application/json'],
      ['/index.html', 'text/html'],
      ['/system/user', 'application/json'],
      ['/login?redirect=%2Fwel', ''],
    ]) {
      const response = await get(url, accept ? { accept } : {});
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The server fills in its own OAuth client.
      expect(response.body).toContain('<meta name="macro-client" content="console">');
      // …and the origins its frame page may show besides menu links.
      expect(response.body).toContain('<meta name="macro-frame-origins" content="https://report.example.com http://intranet.example.com:8080">');
    }
  });

  it('answers unknown API paths, missing files and compressed siblings by name with a 404 envelope', async () => {
    for (const url of ['/api/nope', '/api', '/assets/missing.js', '/assets/app-abc123', '/favicon.ico', `${script}.br`]) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 404 });
    }
    const post = await server.app.inject({ method: 'POST', url: '/system/user' });
    expect(post.statusCode).toBe(404);
  });

  it('serves other build files revalidated', async () => {
    const response = await get('/logo.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('reports health to load balancers without a token', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await server.app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
  });

  it('reports 503 when the database does not answer', async () => {
    const app = Fastify();
    extraApps.push(app);
    const brokenDb = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    registerConsole(app, readConfig({ MACRO_WEB_DIST: build.dir }), brokenDb);
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable' });
  });

  it('sends the security headers on the console and on API responses', async () => {
    for (const response of [await get('/'), await get('/api/macro-auth/oauth/public-key'), await get(script)]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBeUndefined();
      // The rest of helmet's set, each response alike.
      expect(response.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });

  it('lets the configured hosts frame the console', async () => {
    const app = Fastify();
    extraApps.push(app);
    await registerSecurityHeaders(app, readConfig({ MACRO_FRAME_ANCESTORS: 'self  https://portal.example.com' }));
    app.get('/', async () => 'page');
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://portal.example.com");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('reads the frame page’s extra origins as origins, dropping what is not an address', () => {
    const { frameOrigins } = readConfig({ MACRO_FRAME_ORIGINS: 'https://report.example.com/path, http://a.example.com:81 javascript:alert(1) nonsense' });
    expect(frameOrigins).toEqual(['https://report.example.com', 'http://a.example.com:81']);
  });

  it('keeps the API documentation loading under the CSP', async () => {
    const page = await get('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Swagger UI's page loads scripts from files only, which script-src 'self' allows.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const initializer = await get('/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
  });

  /** An app on the test's database with one extra route, outside /api, that tells the client IP it saw. */
  async function appTrusting(trustProxy: string[]) {
    const app = await buildApp({ config: { ...server.config, webDist: build.dir, trustProxy }, database: server.database, modules: server.modules });
    extraApps.push(app);
    app.get('/test/ip', async (request) => ({ ip: request.ip, ips: request.ips ?? null }));
    const seen = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/test/ip', remoteAddress: '127.0.0.1', headers })).json().ip;
    return seen;
  }

  it('ignores X-Forwarded-For by default', async () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    const seen = await appTrusting(readConfig({}).trustProxy);
    expect(await seen({ 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const trusted = readConfig({ MACRO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy;
    expect(trusted).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const seen = await appTrusting(trusted);
    expect(await seen({ 'x-forwarded-for': '6.6.6.6' })).toBe('6.6.6.6');
    // A chain through a second trusted hop resolves to the first untrusted address.
    expect(await seen({ 'x-forwarded-for': '6.6.6.6, 10.1.2.3' })).toBe('6.6.6.6');

    const other = await appTrusting(['10.0.0.1']);
    expect(await other({ 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
  });

  it('sends Strict-Transport-Security only over TLS, as a trusted proxy reports it', async () => {
    const hsts = async (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url: '/api/macro-auth/oauth/public-key', remoteAddress, headers })).headers['strict-transport-security'];
    // Plain http, and anyone's X-Forwarded-Proto while no proxy is trusted.
    expect(await hsts(server.app, '127.0.0.1')).toBeUndefined();
    expect(await hsts(server.app, '127.0.0.1', { 'x-forwarded-proto': 'https' })).toBeUndefined();

    const behindProxy = await buildApp({
      config: { ...server.config, webDist: build.dir, trustProxy: ['10.0.0.1'] },
      database: server.database,
      modules: server.modules,
    });
    extraApps.push(behindProxy);
    expect(await hsts(behindProxy, '10.0.0.1', { 'x-forwarded-proto': 'https' })).toBe(STRICT_TRANSPORT_SECURITY);
    expect(await hsts(behindProxy, '10.0.0.1', { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(behindProxy, '10.0.0.1')).toBeUndefined();
    // The same header from a client that is not the proxy is not believed.
    expect(await hsts(behindProxy, '6.6.6.6', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    // On every response, refusals included.
    const refused = await behindProxy.inject({
      method: 'GET',
      url: '/api/macro-system/dict/detail?id=1',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });
});
