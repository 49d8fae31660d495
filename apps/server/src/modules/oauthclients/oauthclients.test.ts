import { pageOf } from '@macro/contract';
import { oauthClient, oauthClientWithSecret } from '@macro/contract/oauthclients';
import { grantTreeNode, type GrantTreeNode, roleRecord } from '@macro/contract/roles';
import { userRecord } from '@macro/contract/users';
import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADMIN_PASSWORD,
  as,
  type Client,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signIn,
  startServer,
  TENANT,
  type TestServer,
  tokenRequest,
} from '../../test/helper.ts';

const BASE = '/api/macro-system/oauth-client';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const flat = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const VALID = {
  clientId: 'erp-east',
  name: '华东 ERP',
  grants: ['password', 'refresh_token'],
  accessTtl: 300,
  refreshTtl: 3600,
  redirectUris: ['https://erp.example.com/cb'],
};

describeDb(`OAuth client administration (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  const password = () => ({ grant_type: 'password', username: 'admin', password: encryptPassword(server.publicKey, ADMIN_PASSWORD) });
  const tokenWith = (clientId: string, secret: string) => tokenRequest(server, password(), { authorization: basic(clientId, secret), 'tenant-id': TENANT });
  const create = async (body: Record<string, unknown>) => expectOk(await admin.post(BASE, body), oauthClientWithSecret);

  beforeAll(async () => {
    server = await startServer();
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());

  it('creates a client whose secret is answered once, stored only hashed, and signs in at the token endpoint', async () => {
    const { client, clientSecret } = await create(VALID);
    expect(client).toMatchObject({ clientId: 'erp-east', name: '华东 ERP', grants: ['password', 'refresh_token'], accessTtl: 300, enabled: true });
    expect(clientSecret.length).toBeGreaterThanOrEqual(40);
    const [stored] = rowsOf<{ secret_hash: string }>(
      await server.database.db.execute(sql`select secret_hash from macro_oauth_client where client_id = 'erp-east'`),
    );
    expect(stored.secret_hash).toMatch(/^scrypt\$/);
    expect(stored.secret_hash).not.toContain(clientSecret);
    // Neither the list, the detail nor the audit log ever carries the secret or its hash.
    const list = await admin.get(`${BASE}/list?keyword=east`);
    expect(expectOk(list, pageOf(oauthClient)).records.map((c) => c.clientId)).toEqual(['erp-east']);
    const detail = await admin.get(`${BASE}/${client.id}`);
    expectOk(detail, oauthClient);
    for (const body of [list.body, detail.body]) {
      expect(body).not.toContain(clientSecret);
      expect(body).not.toMatch(/secret|scrypt/i);
    }
    const audit = JSON.stringify(rowsOf(await server.database.db.execute(sql`select * from audit_log where resource = 'oauth-client'`)));
    expect(audit).toContain('erp-east');
    expect(audit).not.toContain(clientSecret);
    expect(audit).not.toContain(stored.secret_hash);

    const token = await tokenWith('erp-east', clientSecret);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().expires_in).toBe(300);
  });

  it('edits, disables, rotates and deletes: each change audited, each bites at the token endpoint at once', async () => {
    const { client, clientSecret } = await create({ ...VALID, clientId: 'report-bi', name: 'BI', grants: ['password'] });
    const edited = expectOk(
      await admin.call({
        method: 'PUT',
        url: `${BASE}/${client.id}`,
        payload: { name: '报表 BI', grants: ['refresh_token'], accessTtl: 120, refreshTtl: 600, redirectUris: [], enabled: true },
      }),
      oauthClient,
    );
    expect(edited).toMatchObject({ name: '报表 BI', grants: ['refresh_token'], accessTtl: 120, redirectUris: [] });
    expect((await tokenWith('report-bi', clientSecret)).json().error).toBe('unauthorized_client');
    expectOk(
      await admin.call({ method: 'PUT', url: `${BASE}/${client.id}`, payload: { name: '报表 BI', grants: ['password'], accessTtl: 120, refreshTtl: 600 } }),
      oauthClient,
    );
    const session = await tokenWith('report-bi', clientSecret);
    expect(session.statusCode, session.body).toBe(200);

    // Disabled: sign-in and refresh are invalid_client.
    expect(expectOk(await admin.call({ method: 'PATCH', url: `${BASE}/${client.id}/enabled`, payload: { enabled: false } }), oauthClient).enabled).toBe(false);
    for (const response of [
      await tokenWith('report-bi', clientSecret),
      await tokenRequest(
        server,
        { grant_type: 'refresh_token', refresh_token: session.json().refresh_token },
        { authorization: basic('report-bi', clientSecret) },
      ),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    }
    expectOk(await admin.call({ method: 'PATCH', url: `${BASE}/${client.id}/enabled`, payload: { enabled: true } }), oauthClient);
    expect((await tokenWith('report-bi', clientSecret)).statusCode).toBe(200);

    // Rotated: the old secret is refused at once, the new one works.
    const rotated = expectOk(await admin.post(`${BASE}/${client.id}/rotate-secret`), oauthClientWithSecret);
    expect(rotated.clientSecret).not.toBe(clientSecret);
    expect((await tokenWith('report-bi', clientSecret)).json().error).toBe('invalid_client');
    expect((await tokenWith('report-bi', rotated.clientSecret)).statusCode).toBe(200);

    // Deleted: the secret stops working, the client is gone.
    expect(expectOk(await admin.call({ method: 'DELETE', url: `${BASE}/${client.id}` }), z.object({ removed: z.number() })).removed).toBe(1);
    expect((await tokenWith('report-bi', rotated.clientSecret)).json().error).toBe('invalid_client');
    expectFailure(await admin.get(`${BASE}/${client.id}`), 404, 'OAuth 客户端不存在');

    const actions = rowsOf<{ action: string }>(
      await server.database.db.execute(sql`select action from audit_log where resource = 'oauth-client' and resource_id = ${String(client.id)} order by id`),
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'update', 'disable', 'enable', 'rotate-secret', 'delete']);
  });

  it('refuses each bad field with its message in the request language, and a taken or console id', async () => {
    const en = as(server, (await signIn(server)).access_token, 'en');
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: '' }, 'Please enter the client ID'],
      [{ clientId: 'a b' }, 'The client ID is 3 to 64 letters, digits, dots, underscores or hyphens, starting with a letter or digit'],
      [{ name: ' ' }, 'Please enter the client name'],
      [{ grants: [] }, 'Please choose at least one grant type'],
      [{ grants: ['implicit'] }, 'Unsupported grant type'],
      [{ grants: ['client_credentials'], serviceTenantId: OTHER_TENANT }, 'Enter the service account when client_credentials is allowed'],
      [{ accessTtl: 59 }, 'The access token lifetime must be a whole number of seconds from 60 to 86400'],
      [{ accessTtl: '300' }, 'The access token lifetime must be a whole number of seconds from 60 to 86400'],
      [{ refreshTtl: 90 * 86_400 + 1 }, 'The refresh token lifetime must be a whole number of seconds from 60 to 7776000'],
      [{ accessTtl: 600, refreshTtl: 300 }, 'The refresh token lifetime cannot be shorter than the access token lifetime'],
      [{ redirectUris: ['javascript:alert(1)'] }, 'A redirect URI must be a full http or https address without a fragment (#)'],
      [{ redirectUris: ['https://a.example.com/cb#x'] }, 'A redirect URI must be a full http or https address without a fragment (#)'],
      [{ redirectUris: Array.from({ length: 21 }, (_, i) => `https://a.example.com/${i}`) }, 'At most 20 redirect URIs'],
    ];
    for (const [change, message] of cases) {
      expectFailure(await en.post(BASE, { ...VALID, clientId: 'bad-input', ...change }), 400, message);
    }
    const ja = as(server, (await signIn(server)).access_token, 'ja');
    expectFailure(await ja.post(BASE, { ...VALID, name: '' }), 400, 'クライアント名を入力してください');
    expectFailure(await en.post(BASE, VALID), 409, 'The client ID "erp-east" already exists');
    expectFailure(await en.post(BASE, { ...VALID, clientId: 'macro' }), 409, 'The client ID "macro" already exists');
    expectFailure(await en.call({ method: 'PUT', url: `${BASE}/999999`, payload: { ...VALID, clientId: undefined } }), 404, 'The OAuth client does not exist');
  });

  it('is for platform administrators only: another tenant is refused, and so is a platform user without the code', async () => {
    const { client } = await create({ ...VALID, clientId: 'guarded' });
    const other = as(server, (await signIn(server, OTHER_TENANT)).access_token);
    for (const response of [
      await other.get(`${BASE}/list`),
      await other.get(`${BASE}/${client.id}`),
      await other.post(BASE, { ...VALID, clientId: 'intruder' }),
      await other.post(`${BASE}/${client.id}/rotate-secret`),
      await other.call({ method: 'DELETE', url: `${BASE}/${client.id}` }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('guarded');
    }
    // A platform user whose role opens the screen but not its buttons reads, and changes nothing.
    const menus = flat(expectOk(await admin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode))) as GrantTreeNode[];
    const role = expectOk(await admin.post('/api/macro-system/role/submit', { roleName: '客户端查看', roleAlias: 'client_viewer' }), roleRecord).id;
    const menuIds = menus.filter((m) => m.code === 'system' || m.code === 'oauth-client:view').map((m) => m.id);
    expect((await admin.post('/api/macro-system/role/grant', { roleIds: [role], menuIds, dataScopeIds: [] })).statusCode).toBe(200);
    const secret = encryptPassword(server.publicKey, 'Viewer@123456');
    expectOk(
      await admin.post('/api/macro-user/submit', { account: 'client_viewer', name: 'viewer', password: secret, password2: secret, roleIds: [role] }),
      userRecord,
    );
    const viewer = as(server, (await signIn(server, TENANT, 'client_viewer', 'Viewer@123456')).access_token);
    expectOk(await viewer.get(`${BASE}/${client.id}`), oauthClient);
    for (const response of [
      await viewer.post(BASE, { ...VALID, clientId: 'viewer-made' }),
      await viewer.post(`${BASE}/${client.id}/rotate-secret`),
      await viewer.call({ method: 'PATCH', url: `${BASE}/${client.id}/enabled`, payload: { enabled: false } }),
      await viewer.call({ method: 'DELETE', url: `${BASE}/${client.id}` }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(expectOk(await admin.get(`${BASE}/${client.id}`), oauthClient).enabled).toBe(true);
  });

  describe('client_credentials', () => {
    const BOT_PASSWORD = 'Bot@123456';
    const grant = (clientId: string, secret: string, headers: Record<string, string> = {}) =>
      tokenRequest(server, { grant_type: 'client_credentials' }, { authorization: basic(clientId, secret), 'tenant-id': TENANT, ...headers });
    let otherAdmin: Client;
    let botId: number;

    beforeAll(async () => {
      // The service account lives in the other tenant, with a role that may read users and nothing else.
      otherAdmin = as(server, (await signIn(server, OTHER_TENANT)).access_token);
      const menus = flat(expectOk(await otherAdmin.get('/api/macro-system/menu/grant-tree'), z.array(grantTreeNode))) as GrantTreeNode[];
      const role = expectOk(await otherAdmin.post('/api/macro-system/role/submit', { roleName: '接口读取', roleAlias: 'erp_reader' }), roleRecord).id;
      const menuIds = menus.filter((m) => m.code === 'system' || m.code === 'user:view').map((m) => m.id);
      expect((await otherAdmin.post('/api/macro-system/role/grant', { roleIds: [role], menuIds, dataScopeIds: [] })).statusCode).toBe(200);
      const secret = encryptPassword(server.publicKey, BOT_PASSWORD);
      botId = expectOk(
        await otherAdmin.post('/api/macro-user/submit', { account: 'erp_bot', name: 'ERP 机器人', password: secret, password2: secret, roleIds: [role] }),
        userRecord,
      ).id;
    });

    it("signs the client in as its service account, in that tenant, with no refresh token and only that account's permissions", async () => {
      const { client, clientSecret } = await create({
        ...VALID,
        clientId: 'erp-bot',
        grants: ['client_credentials'],
        accessTtl: 600,
        refreshTtl: 600,
        serviceTenantId: OTHER_TENANT,
        serviceAccount: 'erp_bot',
      });
      expect(client).toMatchObject({ grants: ['client_credentials'], serviceTenantId: OTHER_TENANT, serviceAccount: 'erp_bot' });
      // The Tenant-Id header names the platform tenant: the client's own tenant wins.
      const answer = await grant('erp-bot', clientSecret);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const tokens = answer.json();
      expect(tokens).toMatchObject({ tenant_id: OTHER_TENANT, account: 'erp_bot', user_id: botId, expires_in: 600 });
      expect(tokens.refresh_token).toBeUndefined();
      const bot = as(server, tokens.access_token);
      // What the role grants works, on the service account's tenant only.
      const users = expectOk(await bot.get('/api/macro-user/page?current=1&size=50'), pageOf(userRecord)).records;
      expect(users.map((u) => u.account)).toContain('erp_bot');
      expect(users.every((u) => u.tenantId === OTHER_TENANT)).toBe(true);
      // What it does not grant is refused, and so is the platform's client screen.
      expectFailure(await bot.post('/api/macro-system/role/submit', { roleName: 'x', roleAlias: 'x' }), 403);
      expectFailure(await bot.get(`${BASE}/list`), 403);
      // Its sign-in is audited in the service account's tenant, naming the client.
      const [login] = rowsOf<{ after: { via: string; client: string } }>(
        await server.database.db.execute(
          sql`select after from audit_log where tenant_id = ${OTHER_TENANT} and action = 'login' and user_id = ${botId} order by id desc limit 1`,
        ),
      );
      expect(login.after).toEqual({ via: 'client_credentials', client: 'erp-bot' });

      // Disabling the client ends its live token at once; enabling it lets it ask again.
      expectOk(await admin.call({ method: 'PATCH', url: `${BASE}/${client.id}/enabled`, payload: { enabled: false } }), oauthClient);
      expect((await bot.get('/api/macro-user/page')).statusCode).toBe(401);
      expect((await grant('erp-bot', clientSecret)).statusCode).toBe(401);
      expectOk(await admin.call({ method: 'PATCH', url: `${BASE}/${client.id}/enabled`, payload: { enabled: true } }), oauthClient);
      const again = as(server, (await grant('erp-bot', clientSecret)).json().access_token);
      expect((await again.get('/api/macro-user/page')).statusCode).toBe(200);

      // Disabling the service account ends the token too, and the grant says why (in the request's language).
      expectOk(await otherAdmin.call({ method: 'PATCH', url: `/api/users/${botId}/enabled`, payload: { enabled: false } }), userRecord);
      expect((await again.get('/api/macro-user/page')).statusCode).toBe(401);
      const refused = await grant('erp-bot', clientSecret, { 'accept-language': 'en' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: "The client's service account does not exist or is disabled" });
      expectOk(await otherAdmin.call({ method: 'PATCH', url: `/api/users/${botId}/enabled`, payload: { enabled: true } }), userRecord);
    });

    it('is refused to the console, to a client without the grant, and to a wrong secret', async () => {
      const publicClient = await tokenRequest(server, { grant_type: 'client_credentials', client_id: 'macro' }, { 'tenant-id': TENANT });
      expect(publicClient.statusCode, publicClient.body).toBe(400);
      expect(publicClient.json().error).toBe('unauthorized_client');
      const { clientSecret } = await create({ ...VALID, clientId: 'no-cc' });
      const without = await grant('no-cc', clientSecret);
      expect(without.statusCode).toBe(400);
      expect(without.json().error).toBe('unauthorized_client');
      const wrong = await grant('no-cc', `${clientSecret}x`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_client');
      expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    });

    it('needs a service account that exists when the grant is allowed, and keeps none without it', async () => {
      const cc = { ...VALID, clientId: 'cc-bad', grants: ['client_credentials'] };
      const missing = await admin.call({ method: 'POST', url: BASE, payload: cc, headers: { 'accept-language': 'en' } });
      expectFailure(missing, 400, /Choose the tenant of the service account|Enter the service account/);
      const ghost = await admin.call({
        method: 'POST',
        url: BASE,
        payload: { ...cc, serviceTenantId: OTHER_TENANT, serviceAccount: 'ghost' },
        headers: { 'accept-language': 'en' },
      });
      expectFailure(ghost, 400, `Tenant ${OTHER_TENANT} has no account "ghost"`);
      const nowhere = await admin.call({ method: 'POST', url: BASE, payload: { ...cc, serviceTenantId: '999999', serviceAccount: 'erp_bot' } });
      expectFailure(nowhere, 400);
      const bad = await admin.call({ method: 'POST', url: BASE, payload: { ...cc, serviceTenantId: "1' or '1", serviceAccount: 'erp_bot' } });
      expectFailure(bad, 400);
      expect(rowsOf(await server.database.db.execute(sql`select 1 from macro_oauth_client where client_id = 'cc-bad'`))).toHaveLength(0);
      // Named without the grant: nothing is kept, so nothing can sign in as it later.
      const { client } = await create({ ...VALID, clientId: 'cc-none', serviceTenantId: OTHER_TENANT, serviceAccount: 'erp_bot' });
      expect(client).toMatchObject({ serviceTenantId: null, serviceAccount: null });
    });
  });
});
