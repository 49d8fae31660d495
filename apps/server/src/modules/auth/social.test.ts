import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenResponse } from '@macro/contract/auth';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, BASIC, dbLabel, describeDb, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';
import { createUser } from '../users/service.ts';

/** A stand-in OAuth 2.0 provider on 127.0.0.1: code `good-<account>` vouches for that account. */
function standInProvider(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''} ${body}`);
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const expected = `Basic ${Buffer.from('console:provider-secret').toString('base64')}`;
        if (request.headers.authorization !== expected || form.get('grant_type') !== 'authorization_code') {
          return json(401, { error: 'invalid_client' });
        }
        const code = form.get('code') ?? '';
        if (!code.startsWith('good-')) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: `at-${code.slice(5)}`, token_type: 'bearer' });
      }
      if (request.url === '/userinfo') {
        const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (!token.startsWith('at-')) return json(401, { error: 'invalid_token' });
        return json(200, { sub: `id-${token}`, preferred_username: token.slice(3) });
      }
      json(404, {});
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    }),
  );
}

describeDb(`social sign-in through a generic OAuth 2.0 provider (${dbLabel})`, () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof standInProvider>>;
  beforeAll(async () => {
    provider = await standInProvider();
    server = await startServer({
      social: {
        source: 'corp',
        authorizeUrl: `${provider.url}/authorize`,
        tokenUrl: `${provider.url}/token`,
        userInfoUrl: `${provider.url}/userinfo`,
        clientId: 'console',
        clientSecret: 'provider-secret',
        redirectUri: 'http://localhost:8080/authredirect',
        accountField: 'preferred_username',
      },
    });
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'socialite', name: 'Socialite', password: 'Social@123456' }));
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => provider.server.close(resolve));
  });

  const social = (form: Record<string, string>) =>
    tokenRequest(server, { grant_type: 'social', state: 'xyz', ...form }, { 'tenant-id': TENANT, authorization: BASIC });

  it('signs in the account the provider vouches for, after exchanging the code with the client credentials', async () => {
    const response = await social({ source: 'corp', code: 'good-socialite' });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = tokenResponse.parse(response.json());
    expect(tokens).toMatchObject({ account: 'socialite', tenant_id: TENANT });
    expect((await as(server, tokens.access_token).get('/api/user/getUserInfo')).json().data.account).toBe('socialite');
    expect(provider.seen.some((line) => line.startsWith('POST /token') && line.includes('redirect_uri=http'))).toBe(true);
  });

  it('offers the provider to the sign-in page with its authorization address filled in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/macro-auth/oauth/social-providers' });
    const [offered] = response.json().data;
    expect(offered.source).toBe('corp');
    const url = new URL(offered.authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${provider.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'console',
      redirect_uri: 'http://localhost:8080/authredirect',
    });
  });

  it('refuses a code the provider refuses, an unknown source, a missing code and an account the tenant lacks', async () => {
    expect((await social({ source: 'corp', code: 'bad-code' })).json()).toMatchObject({
      error: 'invalid_grant',
      sys_msg: '第三方登录失败，请重试',
    });
    expect((await social({ source: 'elsewhere', code: 'good-socialite' })).json()).toMatchObject({
      error: 'invalid_request',
      sys_msg: '不支持的第三方登录来源：elsewhere',
    });
    expect((await social({ source: 'corp' })).json()).toMatchObject({ error: 'invalid_request', sys_msg: '缺少第三方登录授权码' });
    expect((await social({ source: 'corp', code: 'good-stranger' })).json()).toMatchObject({
      error: 'invalid_grant',
      sys_msg: '第三方账号未关联本租户的用户',
    });
  });
});
