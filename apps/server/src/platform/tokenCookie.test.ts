import cookie from '@fastify/cookie';
import { defineEndpoint, type Endpoint, TOKEN_COOKIE } from '@macro/contract';
import type { AuditPort, Db } from '@macro/store';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerHttpBasics } from './http.ts';
import { route } from './module.ts';
import { registerEndpoints } from './routes.ts';

const claims = { userId: 7, tenantId: '000000', sessionId: 's', account: 'someone' };
const authenticator = {
  verify: async (token: string) => (token === 'good-token' ? claims : null),
  sessionCheck: () => ({ begin: sql`live()`, granted: sql`true` }),
};
/** The guard's first statement (a prepared one) answers "live and allowed"; nothing else touches the database here. */
const allowed = async () => ({ rows: [{ live: true, allowed: true }] });
const tx = { execute: allowed, _: { session: { prepareQuery: () => ({ execute: allowed }) } } };
const db = { transaction: (work: (tx: unknown) => unknown) => work(tx) } as unknown as Db;
const audit = {} as AuditPort;

const endpoint = (operationId: string, method: 'GET' | 'POST', path: string, cookieAuth: boolean) =>
  defineEndpoint({ operationId, method, path, tag: 't', summary: 's', description: 'd', access: 'authenticated', cookieAuth, response: z.string() });

async function appWith(endpoints: Endpoint[]) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpBasics(app);
  await app.register(cookie);
  registerEndpoints(
    app,
    endpoints.map((e) => route(e, async () => 'served')),
    { db, audit, authenticator },
  );
  return app;
}

describe('the token cookie', () => {
  it('is taken only by GET endpoints that declare it, and the header still works everywhere', async () => {
    const app = await appWith([endpoint('t.download', 'GET', '/download', true), endpoint('t.read', 'GET', '/read', false)]);
    const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    const withCookie = { cookie: `${TOKEN_COOKIE}=good-token` };
    expect((await get('/api/download', withCookie)).json().data).toBe('served');
    expect((await get('/api/read', withCookie)).statusCode).toBe(401);
    expect((await get('/api/read', { 'macro-auth': 'bearer good-token' })).json().data).toBe('served');
    expect((await get('/api/download', { cookie: `${TOKEN_COOKIE}=forged` })).statusCode).toBe(401);
    // The header wins over the cookie: a request is never authenticated as two people.
    expect((await get('/api/download', { ...withCookie, 'macro-auth': 'bearer forged' })).statusCode).toBe(401);
    await app.close();
  });

  it('cannot be declared on an endpoint that changes anything (CSRF)', async () => {
    await expect(appWith([endpoint('t.remove', 'POST', '/remove', true)])).rejects.toThrow(/only GET endpoints/);
  });
});
