import { rowsOf, withTenant } from '@macro/store';
import { topMenu, tokenResponse } from '@macro/contract/auth';
import { userInfo } from '@macro/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  as,
  dbLabel,
  describeDb,
  encryptPassword,
  expectFailure,
  expectOk,
  signIn,
  TENANT,
  type TestServer,
  startServer,
  tokenRequest,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';

const refresh = (server: TestServer, token: string) => tokenRequest(server, { grant_type: 'refresh_token', refresh_token: token });

describeDb(`tokens and the session calls (${dbLabel})`, () => {
  let server: TestServer;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    server = await startServer({ resetPassword: 'Reset@2024' });
    admin = as(server, (await signIn(server)).access_token);
  });
  afterAll(() => server.close());
  /** A body's passwords as the console sends them. */
  const sealed = (body: Record<string, string>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, encryptPassword(server.publicKey, v)]));

  const newUser = (account: string, password = 'Start@123456') =>
    withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account, name: account, password }));

  it('marks token answers not to be stored, and names RFC 6749 errors on every refusal', async () => {
    const tokens = await refresh(server, (await signIn(server)).refresh_token);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers).toMatchObject({ 'cache-control': 'no-store', pragma: 'no-cache' });
    const badClient = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: 'Basic bm9wZQ==' });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
    expect(badClient.json().error).toBe('invalid_client');
    expect(badClient.headers['cache-control']).toBe('no-store');
    const brokenJson = await server.app.inject({
      method: 'POST',
      url: '/api/macro-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`, 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toMatchObject({ error: 'invalid_request', success: false });
    for (const body of [{ grant_type: 'refresh_token' }, { grant_type: 'password' }, {}, { grant_type: 'x' }]) {
      const response = await tokenRequest(server, body as Record<string, string>, { 'tenant-id': TENANT });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error, response.body).toMatch(/^(invalid_request|unsupported_grant_type)$/);
    }
  });

  it('ends the whole session when any earlier refresh token of it comes back, not only the last one', async () => {
    const first = await signIn(server);
    const second = (await refresh(server, first.refresh_token)).json();
    const third = (await refresh(server, second.refresh_token)).json();
    expect((await as(server, third.access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
    const stolen = await refresh(server, first.refresh_token);
    expect(stolen.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await as(server, third.access_token).get('/api/user/getUserInfo')).statusCode).toBe(401);
    expect((await refresh(server, third.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('two tabs refreshing at once with the same refresh token both get the same new pair, and the session lives on', async () => {
    const first = await signIn(server);
    const [tabA, tabB] = await Promise.all([refresh(server, first.refresh_token), refresh(server, first.refresh_token)]);
    expect(tabA.statusCode, tabA.body).toBe(200);
    expect(tabB.statusCode, tabB.body).toBe(200);
    expect(tabB.json().refresh_token).toBe(tabA.json().refresh_token);
    expect(tabA.json().refresh_token).not.toBe(first.refresh_token);
    // A third late tab within the grace gets the same pair too; both tabs go on working.
    expect((await refresh(server, first.refresh_token)).json().refresh_token).toBe(tabA.json().refresh_token);
    for (const tab of [tabA, tabB]) expect((await as(server, tab.json().access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
    const next = await refresh(server, tabA.json().refresh_token);
    expect(next.statusCode, next.body).toBe(200);
    expect((await as(server, next.json().access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
  });

  it('the previous token after the grace, or once the session rotated again, still ends the whole session', async () => {
    // Rotated again: the token before the previous one is theft even within the grace.
    const first = await signIn(server);
    const second = (await refresh(server, first.refresh_token)).json();
    const third = (await refresh(server, second.refresh_token)).json();
    expect((await refresh(server, first.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await as(server, third.access_token).get('/api/user/getUserInfo')).statusCode).toBe(401);
    // The previous token, past the grace.
    const one = await signIn(server);
    const two = (await refresh(server, one.refresh_token)).json();
    await server.database.db.execute(sql`update auth_used_refresh set used_at = used_at - interval '31 seconds'`);
    expect((await refresh(server, one.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await as(server, two.access_token).get('/api/user/getUserInfo')).statusCode).toBe(401);
    expect((await refresh(server, two.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('renews the session through /user/refesh, whose earlier refresh token then counts as reused', async () => {
    const tokens = await signIn(server);
    const renewed = expectOk(await as(server, tokens.access_token).post('/api/user/refesh'), tokenResponse);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await as(server, renewed.access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
    expect((await refresh(server, tokens.refresh_token)).statusCode).toBe(400);
    expect((await as(server, renewed.access_token).get('/api/user/getUserInfo')).statusCode).toBe(401);
  });

  it('answers getUserInfo and getTopMenu for the signed-in user', async () => {
    const info = expectOk(await admin.get('/api/user/getUserInfo'), userInfo);
    expect(info).toMatchObject({ account: 'admin', tenantId: TENANT });
    const top = expectOk(await admin.get('/api/user/getTopMenu'), z.array(topMenu));
    expect(top.map((m) => m.code)).toContain('system');
    // Exactly the first level of the user's menu tree (folders and top-level pages, never buttons).
    const routes = expectOk(await admin.get('/api/macro-system/menu/routes'), z.array(z.object({ code: z.string(), parentId: z.number() })));
    expect(top.map((m) => m.code).sort()).toEqual(routes.map((r) => r.code).sort());
    await newUser('nomenu');
    const plain = as(server, (await signIn(server, TENANT, 'nomenu', 'Start@123456')).access_token);
    expect(expectOk(await plain.get('/api/user/getTopMenu'), z.array(topMenu))).toEqual([]);
  });

  it('signs in with a live platform token as a new session, and refuses a dead or forged one', async () => {
    const original = await signIn(server);
    const call = (token: string) => server.app.inject({ method: 'POST', url: '/api/macro-auth/validPlatformToken', payload: { token } });
    const session = expectOk(await call(original.access_token), tokenResponse);
    expect(session.access_token).not.toBe(original.access_token);
    expect((await as(server, session.access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
    await as(server, original.access_token).post('/api/user/logout');
    expectFailure(await call(original.access_token), 400, '平台令牌无效或已过期，请重新登录');
    expectFailure(await call('forged.token.value'), 400, '平台令牌无效或已过期，请重新登录');
    expectFailure(await call(''), 400, '缺少平台令牌');
    // The new session is its own: the original's logout did not end it.
    expect((await as(server, session.access_token).get('/api/user/getUserInfo')).statusCode).toBe(200);
  });

  it('resets passwords to the configured value, ends their sessions and asks for a change at next sign-in', async () => {
    const id = await newUser('resetme');
    const before = as(server, (await signIn(server, TENANT, 'resetme', 'Start@123456')).access_token);
    expectFailure(await admin.post('/api/macro-user/reset-password', { userIds: [id, 2_000_000_001] }), 404, '用户不存在');
    expect((await before.get('/api/user/getUserInfo')).statusCode).toBe(200);
    expect(expectOk(await admin.post('/api/macro-user/reset-password', { userIds: [id] }), z.object({ reset: z.number() }))).toEqual({
      reset: 1,
    });
    expect((await before.get('/api/user/getUserInfo')).statusCode).toBe(401);
    const after = await signIn(server, TENANT, 'resetme', 'Reset@2024');
    expect((after as unknown as { must_change_password: boolean }).must_change_password).toBe(true);
    // Changing it clears the mark.
    const self = as(server, after.access_token);
    expect(
      (await self.post('/api/macro-user/update-password', sealed({ oldPassword: 'Reset@2024', newPassword: 'Mine@2024', newPassword1: 'Mine@2024' })))
        .statusCode,
    ).toBe(200);
    const fresh = await signIn(server, TENANT, 'resetme', 'Mine@2024');
    expect((fresh as unknown as { must_change_password: boolean }).must_change_password).toBe(false);
  });

  it("resets to the tenant's parameter account.initPassword when it passes the password policy, else to the configured value", async () => {
    const id = await newUser('paramreset');
    const param = expectOk(
      await admin.post('/api/macro-system/param', { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'Param@2025x' }),
      z.object({ id: z.number() }),
    );
    expect((await admin.get('/api/macro-user/reset-password')).json().data).toEqual({ password: 'Param@2025x' });
    expectOk(await admin.post('/api/macro-user/reset-password', { userIds: [id] }), z.object({ reset: z.number() }));
    expect(((await signIn(server, TENANT, 'paramreset', 'Param@2025x')) as unknown as { must_change_password: boolean }).must_change_password).toBe(true);
    // A value the policy refuses is not used.
    expect(
      (
        await admin.call({
          method: 'PUT',
          url: `/api/macro-system/param/${param.id}`,
          payload: { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.get('/api/macro-user/reset-password')).json().data).toEqual({ password: 'Reset@2024' });
    expect((await admin.call({ method: 'DELETE', url: `/api/macro-system/param?ids=${param.id}` })).statusCode).toBe(200);
  });

  it('changes my password with clear messages; my other sessions end, this one stays', async () => {
    await newUser('changer', 'Old@123456');
    const here = as(server, (await signIn(server, TENANT, 'changer', 'Old@123456')).access_token);
    const elsewhere = as(server, (await signIn(server, TENANT, 'changer', 'Old@123456')).access_token);
    const change = (body: Record<string, string>) => here.post('/api/macro-user/update-password', sealed(body));
    expectFailure(await change({ oldPassword: 'Old@123456', newPassword: 'New@123456', newPassword1: 'New@654321' }), 400, '两次输入的新密码不一致');
    expectFailure(await change({ oldPassword: 'Nope@123456', newPassword: 'New@123456', newPassword1: 'New@123456' }), 400, '原密码不正确');
    expectFailure(await change({ oldPassword: 'Old@123456', newPassword: 'abc', newPassword1: 'abc' }), 400, '密码长度为 6 到 32 个字符');
    expectFailure(await change({ oldPassword: 'Old@123456', newPassword: 'New\u0000123', newPassword1: 'New\u0000123' }), 400, '不能包含空字符');
    expectFailure(await change({ newPassword: 'New@123456', newPassword1: 'New@123456' }), 400, '请输入原密码');
    // Each of the three travels encrypted as at sign-in: plain text is refused, in the caller's language.
    const plain = { oldPassword: 'Old@123456', newPassword: 'New@123456', newPassword1: 'New@123456' };
    for (const field of Object.keys(plain) as (keyof typeof plain)[]) {
      const body = { ...sealed(plain), [field]: plain[field] };
      expectFailure(await here.post('/api/macro-user/update-password', body), 400, '密码无法解密，请刷新页面后重试');
    }
    const inLanguage = (language: string, payload: object) =>
      here.call({ method: 'POST', url: '/api/macro-user/update-password', payload, headers: { 'accept-language': language } });
    expectFailure(await inLanguage('en', plain), 400, 'The password could not be decrypted, please reload the page and retry');
    expectFailure(await inLanguage('ja', { ...sealed(plain), newPassword1: 'x'.repeat(3000) }), 400, /復号/);
    expect((await elsewhere.get('/api/user/getUserInfo')).statusCode).toBe(200);
    expectOk(await change(plain), z.null());
    expect((await here.get('/api/user/getUserInfo')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user/getUserInfo')).statusCode).toBe(401);
    expect((await signIn(server, TENANT, 'changer', 'New@123456')).access_token).toBeTruthy();
    const audit = rowsOf(await server.database.db.execute(sql`select action from audit_log where action = 'update-password' and account = 'changer'`));
    expect(audit).toHaveLength(1);
  });

  it('updates my own details with the spec rules, never anyone else’s', async () => {
    const id = await newUser('selfie');
    const self = as(server, (await signIn(server, TENANT, 'selfie', 'Start@123456')).access_token, 'en');
    const update = (body: object) => self.post('/api/macro-user/update-info', { id, name: 'Selfie', ...body });
    expectFailure(await update({ email: 'not-an-email' }), 400, 'Please enter a correct email');
    expectFailure(await update({ phone: '12345' }), 400, 'Please enter a correct mobile number');
    expectFailure(await update({ name: '' }), 400, 'Please enter the nick name');
    expectFailure(await update({ id: 1 }), 403, 'You can only change your own details');
    const info = expectOk(await update({ realName: '自拍', email: 'me@example.com', phone: '13800138000' }), userInfo);
    expect(info).toMatchObject({ name: 'Selfie', realName: '自拍', email: 'me@example.com', phone: '13800138000' });
    expect(expectOk(await update({ email: '', phone: '' }), userInfo)).toMatchObject({ email: '', phone: '' });
  });
});
