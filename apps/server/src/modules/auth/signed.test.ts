import { createHmac } from 'node:crypto';
import { tokenResponse } from '@macro/contract/auth';
import { withTenant } from '@macro/store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, BASIC, dbLabel, describeDb, OTHER_TENANT, TENANT, type TestServer, startServer, tokenRequest } from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';
import { users } from '../identity/tables.ts';

const SECRET = 'shared-signing-secret';

/** What the trusted caller does: HMAC-SHA256 over `tenant|loginid|time|Type`, lowercase hex. */
function signed(loginid: string, options: { tenant?: string; time?: string; type?: string; secret?: string } = {}) {
  const time = options.time ?? String(Math.floor(Date.now() / 1000));
  const type = options.type ?? 'portal';
  const sign = createHmac('sha256', options.secret ?? SECRET)
    .update(`${options.tenant ?? TENANT}|${loginid}|${time}|${type}`)
    .digest('hex');
  return { loginid, sign, time, Type: type };
}

describeDb(`legacy signed sign-in: loginid, sign, time, Type (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ signedLogin: { secret: SECRET, windowSeconds: 300 } });
    await withTenant(server.database.db, TENANT, async (tx) => {
      await createUser(tx, { account: 'portal.user', name: 'Portal User', password: 'Portal@123456' });
      await createUser(tx, { account: 'portal.off', name: 'Disabled', password: 'Portal@123456' });
      await tx.update(users).set({ status: 0 }).where(eq(users.account, 'portal.off'));
    });
  });
  afterAll(() => server.close());

  const post = (form: Record<string, string>, tenant = TENANT, language = 'zh') =>
    tokenRequest(server, { scope: 'all', ...form }, { 'tenant-id': tenant, authorization: BASIC, 'accept-language': language });

  it('signs in the account a good signature names, with the token response of every grant, audited as signed', async () => {
    const response = await post(signed('portal.user'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = tokenResponse.parse(response.json());
    expect(tokens).toMatchObject({ account: 'portal.user', tenant_id: TENANT });
    const me = await as(server, tokens.access_token).get('/api/user/getUserInfo');
    expect(me.json().data.account).toBe('portal.user');
    // Milliseconds and an uppercase digest work as well.
    const ms = signed('portal.user', { time: String(Date.now()) });
    expect((await post({ ...ms, sign: ms.sign.toUpperCase() })).statusCode).toBe(200);
  });

  it('refuses the same signature a second time', async () => {
    const once = signed('portal.user', { type: 'replay' });
    expect((await post(once)).statusCode).toBe(200);
    const again = await post(once);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant', sys_msg: '该签名已使用过，请重新发起登录' });
  });

  it('refuses a signature older (or further ahead) than the window', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 301);
    expect((await post(signed('portal.user', { time: old }), TENANT, 'en')).json()).toMatchObject({
      error: 'invalid_grant',
      sys_msg: 'The signature has expired, please start the sign-in again',
    });
    const ahead = String(Math.floor(Date.now() / 1000) + 400);
    expect((await post(signed('portal.user', { time: ahead }))).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '签名已过期，请重新发起登录' });
  });

  it('refuses a tampered field, a wrong secret and a signature for another tenant', async () => {
    const good = signed('portal.user', { type: 'tamper' });
    const invalid = { error: 'invalid_grant', sys_msg: '签名无效' };
    expect((await post({ ...good, loginid: 'admin' })).json()).toMatchObject(invalid);
    expect((await post({ ...good, Type: 'other' })).json()).toMatchObject(invalid);
    expect((await post({ ...good, time: String(Number(good.time) - 1) })).json()).toMatchObject(invalid);
    const flipped = `${good.sign.slice(0, -1)}${good.sign.endsWith('0') ? '1' : '0'}`;
    expect((await post({ ...good, sign: flipped })).json()).toMatchObject(invalid);
    expect((await post({ ...good, sign: 'abc' })).json()).toMatchObject(invalid);
    expect((await post(signed('portal.user', { secret: 'guessed' }))).json()).toMatchObject(invalid);
    expect((await post(good, OTHER_TENANT)).json()).toMatchObject(invalid);
    // None of these used the good signature up.
    expect((await post(good)).statusCode).toBe(200);
  });

  it('refuses an unknown account and a disabled user', async () => {
    expect((await post(signed('nobody.here'))).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '用户不存在' });
    expect((await post(signed('portal.off'))).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '该用户已被禁用' });
  });

  it('answers missing or malformed fields with invalid_request', async () => {
    const { sign: _sign, ...unsigned } = signed('portal.user');
    expect((await post(unsigned)).json()).toMatchObject({ error: 'invalid_request', sys_msg: '缺少签名' });
    expect((await post({ ...signed('portal.user'), time: 'yesterday' })).json()).toMatchObject({
      error: 'invalid_request',
      sys_msg: '缺少签名时间或格式不正确',
    });
  });
});

describeDb(`legacy signed sign-in without a shared secret (${dbLabel})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is not offered at all', async () => {
    const response = await tokenRequest(server, signed('admin'), { 'tenant-id': TENANT, authorization: BASIC });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type', sys_msg: '未启用签名登录' });
  });
});
