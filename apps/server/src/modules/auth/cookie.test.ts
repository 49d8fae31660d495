import { TOKEN_COOKIE } from '@macro/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, BASIC, dbLabel, describeDb, encryptPassword, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';

/** The token cookie of a response, parsed: value and attributes. */
function tokenCookie(setCookie: string | string[] | undefined) {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(/;\s*/);
  return { value: pair.slice(TOKEN_COOKIE.length + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

describeDb(`the token cookie (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => server.close());

  const passwordGrant = (headers: Record<string, string> = {}) =>
    tokenRequest(
      server,
      { grant_type: 'password', username: 'admin', password: encryptPassword(server.publicKey, ADMIN_PASSWORD), scope: 'all' },
      { 'tenant-id': TENANT, authorization: BASIC, ...headers },
    );

  it('comes with every sign-in: the access token, HttpOnly, SameSite=Lax, under /api, as long as the token lives', async () => {
    const response = await passwordGrant();
    const cookie = tokenCookie(response.headers['set-cookie']);
    expect(cookie?.value).toBe(response.json().access_token);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/api', `max-age=${server.config.accessTtl}`]));
    expect(cookie?.attributes).not.toContain('secure');
    // Over https (as the trusted proxy in front says), Secure too.
    const overHttps = tokenCookie((await passwordGrant({ 'x-forwarded-proto': 'https' })).headers['set-cookie']);
    expect(overHttps?.attributes).toContain('secure');
  });

  it('follows the token on refresh and renewal, and is cleared on sign-out', async () => {
    const first = (await passwordGrant()).json();
    const refreshed = await tokenRequest(
      server,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      { 'tenant-id': TENANT, authorization: BASIC },
    );
    expect(tokenCookie(refreshed.headers['set-cookie'])?.value).toBe(refreshed.json().access_token);
    const token = refreshed.json().access_token as string;
    const renewed = await server.app.inject({ method: 'POST', url: '/api/user/refesh', headers: { 'macro-auth': `bearer ${token}` } });
    expect(tokenCookie(renewed.headers['set-cookie'])?.value).toBe(renewed.json().data.access_token);
    const out = await server.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'macro-auth': `bearer ${token}` } });
    const cleared = tokenCookie(out.headers['set-cookie']);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toEqual(expect.arrayContaining(['path=/api', 'httponly']));
    expect(cleared?.attributes.some((a) => a.startsWith('expires=thu, 01 jan 1970') || a === 'max-age=0')).toBe(true);
  });

  it('is no key by itself to routes that do not take it, above all to changes', async () => {
    const { access_token: token } = (await passwordGrant()).json();
    const cookie = `${TOKEN_COOKIE}=${token}`;
    expect((await server.app.inject({ method: 'GET', url: '/api/user/getUserInfo', headers: { cookie } })).statusCode).toBe(401);
    const change = await server.app.inject({
      method: 'POST',
      url: '/api/macro-user/update-info',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { id: 1, name: 'Forged' },
    });
    expect(change.statusCode).toBe(401);
    expect(server.app.endpoints.filter((e) => e.cookieAuth && e.method !== 'GET')).toEqual([]);
  });
});
