import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withTenant as inTenant } from '@macro/store';
import { loadPlatformKeys } from './keys.ts';
import { signAccessToken } from '../../platform/tokens.ts';
import {
  ADMIN_PASSWORD,
  as,
  dbLabel,
  describeDb,
  encryptPassword,
  OTHER_TENANT,
  signIn,
  TENANT,
  type TestServer,
  startServer,
  tokenRequest,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

describeDb(`sign-in and session (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const passwordForm = (password: string, account = 'admin') => ({
    grant_type: 'password',
    username: account,
    password: encryptPassword(server.publicKey, password),
    scope: 'all',
  });

  it('serves an RSA public key as SPKI PEM', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/macro-auth/oauth/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
  });

  it('signs in with an encrypted password and returns RFC 6749 fields plus the session user', async () => {
    const response = await tokenRequest(server, passwordForm(ADMIN_PASSWORD), { 'tenant-id': TENANT });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: TENANT,
      account: 'admin',
      nick_name: '管理员',
      role_name: '超级管理员',
    });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
  });

  it('refuses a wrong password with invalid_grant, in the request language', async () => {
    const zh = await tokenRequest(server, passwordForm('wrong-password'), { 'tenant-id': TENANT });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ error: 'invalid_grant', success: false, error_code: 400, sys_msg: '账号或密码错误' });
    const en = await tokenRequest(server, passwordForm('wrong-password'), { 'tenant-id': TENANT, 'accept-language': 'en' });
    expect(en.json().sys_msg).toBe('Wrong account or password');
  });

  it('refuses an unknown tenant and a missing tenant header', async () => {
    const wrong = await tokenRequest(server, passwordForm(ADMIN_PASSWORD), { 'tenant-id': '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', sys_msg: '租户不存在或已停用' });
    const missing = await tokenRequest(server, passwordForm(ADMIN_PASSWORD));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request', sys_msg: '请输入租户编号' });
  });

  it('refuses missing or wrong client credentials with invalid_client (401)', async () => {
    const missing = await tokenRequest(server, passwordForm(ADMIN_PASSWORD), { 'tenant-id': TENANT, authorization: '' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('invalid_client');
    const wrong = await tokenRequest(server, passwordForm(ADMIN_PASSWORD), {
      'tenant-id': TENANT,
      authorization: `Basic ${Buffer.from('macro:nope').toString('base64')}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', sys_msg: '客户端认证失败' });
  });

  it('refuses unsupported grants, missing fields and a password that is not encrypted', async () => {
    const grant = await tokenRequest(server, { grant_type: 'implicit' }, { 'tenant-id': TENANT });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const noUser = await tokenRequest(server, { grant_type: 'password', password: 'x' }, { 'tenant-id': TENANT });
    expect(noUser.json()).toMatchObject({ error: 'invalid_request', sys_msg: '请输入账号' });
    const plain = await tokenRequest(server, { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, { 'tenant-id': TENANT });
    expect(plain.json()).toMatchObject({ error: 'invalid_grant', sys_msg: '密码无法解密，请刷新页面后重试' });
  });

  it('accepts the token as Macro-Auth or Authorization bearer and loads user info, menus and permissions', async () => {
    const { access_token } = await signIn(server);
    const viaMacro = await as(server, access_token).get('/api/macro-user/info');
    expect(viaMacro.statusCode).toBe(200);
    expect(viaMacro.json().data).toMatchObject({ account: 'admin', tenantId: TENANT, tenantName: '宏图集团' });
    const viaBearer = await server.app.inject({
      method: 'GET',
      url: '/api/macro-user/info',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    const menus = (await as(server, access_token).get('/api/macro-system/menu/routes')).json().data;
    const system = menus.find((m: { path: string }) => m.path === '/controller');
    expect(system).toMatchObject({ path: '/controller', meta: { i18n: 'system' } });
    expect(system.children.map((m: { path: string }) => m.path)).toContain('/controller/dictionaries');
    const codes = (await as(server, access_token).get('/api/macro-system/api-scope/user-permission-list')).json().data;
    expect(codes).toEqual(expect.arrayContaining(['dict:view', 'dict:add', 'dict:edit', 'dict:delete']));
  });

  it('answers 401 without a token, with a garbage token and with an expired one', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/api/macro-user/info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, httpCode: 401, sys_msg: '请先登录' });
    const garbage = await as(server, 'not.a.token').get('/api/macro-user/info');
    expect(garbage.statusCode).toBe(401);
    const { access_token, user_id } = await signIn(server);
    const sessionId = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString()).sid;
    const keys = await loadPlatformKeys(server.database.db);
    const expired = await signAccessToken(keys.tokenSecret, { userId: user_id, tenantId: TENANT, sessionId, account: 'admin' }, 60, Date.now() - 3600_000);
    const response = await as(server, expired, 'en').get('/api/macro-user/info');
    expect(response.statusCode).toBe(401);
    expect(response.json().sys_msg).toBe('Your session has ended, please sign in again');
  });

  it('logout revokes the access token and the refresh token at once', async () => {
    const tokens = await signIn(server);
    const client = as(server, tokens.access_token);
    expect((await client.get('/api/macro-user/info')).statusCode).toBe(200);
    expect((await client.post('/api/user/logout')).statusCode).toBe(200);
    expect((await client.get('/api/macro-user/info')).statusCode).toBe(401);
    const refresh = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('rotates refresh tokens, and a reused one ends the whole session', async () => {
    const first = await signIn(server);
    const rotated = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await as(server, second.access_token).get('/api/macro-user/info')).statusCode).toBe(200);
    // The old refresh token again, past the short grace two tabs refreshing at once get: treated as theft, the session is revoked.
    await server.database.db.execute(sql`update auth_used_refresh set used_at = used_at - interval '31 seconds'`);
    const reuse = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(400);
    expect((await as(server, second.access_token).get('/api/macro-user/info')).statusCode).toBe(401);
    const afterTheft = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(afterTheft.statusCode).toBe(400);
  });

  it('locks an account after repeated failures, even with the right password afterwards', async () => {
    await inTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'clumsy', name: 'Clumsy', password: 'Right@123456' }));
    for (let i = 0; i < server.config.maxLoginFailures; i++) {
      const failed = await tokenRequest(server, passwordForm('bad', 'clumsy'), { 'tenant-id': TENANT });
      expect(failed.json().sys_msg).toBe('账号或密码错误');
    }
    const locked = await tokenRequest(server, passwordForm('Right@123456', 'clumsy'), { 'tenant-id': TENANT });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().sys_msg).toContain('账号已锁定');
  });

  it('answers 403 naming the code when the user holds no role granting it', async () => {
    await inTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'plain', name: 'Plain', password: 'Plain@123456' }));
    const { access_token } = await signIn(server, TENANT, 'plain', 'Plain@123456');
    const client = as(server, access_token);
    expect((await client.get('/api/macro-user/info')).statusCode).toBe(200);
    const denied = await client.get('/api/macro-system/dict/parent-list');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      success: false,
      error_code: 403,
      sys_msg: '没有权限执行此操作：您的角色没有权限编码「dict:view」，请联系管理员授权',
    });
    expect((await client.get('/api/macro-system/menu/routes')).json().data).toEqual([]);
  });

  it('keeps tenants apart: the same account in another tenant is another user', async () => {
    const mine = await signIn(server, TENANT);
    const theirs = await signIn(server, OTHER_TENANT);
    expect(theirs.user_id).not.toBe(mine.user_id);
    const info = (await as(server, theirs.access_token).get('/api/macro-user/info')).json().data;
    expect(info).toMatchObject({ tenantId: OTHER_TENANT, tenantName: 'Other Co.' });
  });

  it('writes an audit row for sign-in and sign-out', async () => {
    const tokens = await signIn(server);
    await as(server, tokens.access_token).post('/api/user/logout');
    const sessionId = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sid;
    const rows = await inTenant(server.database.db, TENANT, (tx) =>
      tx.execute(sql`select action, account from audit_log where resource_id = ${sessionId} order by id`),
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'login', account: 'admin' },
      { action: 'logout', account: 'admin' },
    ]);
  });
});
