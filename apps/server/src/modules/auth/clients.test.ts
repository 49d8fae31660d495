import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, dbLabel, describeDb, encryptPassword, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';
import { hashPassword } from '../identity/password.ts';
import { oauthClients } from './tables.ts';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describeDb(`OAuth clients at the token endpoint (${dbLabel})`, () => {
  let server: TestServer;
  const password = () => ({ grant_type: 'password', username: 'admin', password: encryptPassword(server.publicKey, ADMIN_PASSWORD) });
  beforeAll(async () => {
    server = await startServer();
    await server.database.db.insert(oauthClients).values([
      { clientId: 'erp', name: 'ERP', secretHash: await hashPassword('erp-secret-1'), grants: ['password', 'refresh_token'], accessTtl: 120, refreshTtl: 600 },
      { clientId: 'report', name: 'Report', secretHash: await hashPassword('report-secret'), grants: ['refresh_token'], accessTtl: 60, refreshTtl: 60 },
    ]);
  });
  afterAll(() => server.close());

  it('lets the console, a public client, sign in and refresh with its id alone', async () => {
    for (const headers of [{ authorization: basic('macro', '') }, { authorization: 'Basic bWFjcm8=' }]) {
      const response = await tokenRequest(server, password(), { ...headers, 'tenant-id': TENANT });
      expect(response.statusCode, response.body).toBe(200);
      const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: response.json().refresh_token }, headers);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    }
    // A client_id form field and no Authorization header.
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/macro-auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': TENANT },
      payload: new URLSearchParams({ ...password(), client_id: 'macro' }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    // The configured id:secret pair still works; a wrong secret for the console's id does not.
    expect((await tokenRequest(server, password(), { 'tenant-id': TENANT })).statusCode).toBe(200);
    const wrong = await tokenRequest(server, password(), { authorization: basic('macro', 'nope'), 'tenant-id': TENANT });
    expect(wrong.statusCode).toBe(401);
  });

  it('signs a confidential client in with its secret and its own TTLs; a wrong secret or unknown id is the same 401', async () => {
    const ok = await tokenRequest(server, password(), { authorization: basic('erp', 'erp-secret-1'), 'tenant-id': TENANT });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().expires_in).toBe(120);
    const refreshed = await tokenRequest(
      server,
      { grant_type: 'refresh_token', refresh_token: ok.json().refresh_token },
      { authorization: basic('erp', 'erp-secret-1') },
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().expires_in).toBe(120);
    // Another client (here the console) cannot refresh the ERP's session.
    const stolen = await tokenRequest(
      server,
      { grant_type: 'refresh_token', refresh_token: refreshed.json().refresh_token },
      { authorization: basic('macro', '') },
    );
    expect(stolen.statusCode).toBe(400);
    const answers = [];
    for (const authorization of [basic('erp', 'wrong'), basic('erp', ''), basic('ghost', 'erp-secret-1')]) {
      const response = await tokenRequest(server, password(), { authorization, 'tenant-id': TENANT });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      answers.push(response.json().error + response.json().error_description);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^invalid_client/);
  });

  it('refuses a grant the client is not allowed with unauthorized_client', async () => {
    const response = await tokenRequest(server, password(), { authorization: basic('report', 'report-secret'), 'tenant-id': TENANT, 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unauthorized_client');
    expect(response.json().error_description).toContain('password');
  });

  it('stops refreshing once the client is disabled, and refuses its sign-ins', async () => {
    const ok = await tokenRequest(server, password(), { authorization: basic('erp', 'erp-secret-1'), 'tenant-id': TENANT });
    expect(ok.statusCode).toBe(200);
    await server.database.db.update(oauthClients).set({ enabled: false });
    const refreshed = await tokenRequest(
      server,
      { grant_type: 'refresh_token', refresh_token: ok.json().refresh_token },
      { authorization: basic('erp', 'erp-secret-1') },
    );
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().error).toBe('invalid_client');
    await server.database.db.update(oauthClients).set({ enabled: true });
  });
});
