import { socialLink, tokenResponse } from '@macro/contract/auth';
import { withTenant } from '@macro/store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readConfig } from '../../platform/config.ts';
import {
  as,
  BASIC,
  type Client,
  dbLabel,
  describeDb,
  expectFailure,
  expectOk,
  OTHER_TENANT,
  signIn,
  TENANT,
  type TestServer,
  startServer,
  tokenRequest,
} from '../../test/helper.ts';
import { createUser } from '../identity/users.ts';
import { users } from '../identity/tables.ts';
import { DINGTALK, dingtalkStandIn, oauth2StandIn, type StandIn, WECOM, wecomStandIn } from './standIns.ts';

const REDIRECT = 'http://localhost:8080/authredirect';

describe('social provider configuration', () => {
  it('turns on each provider whose credentials are set, several at once, each under its source', () => {
    expect(readConfig({}).social).toEqual([]);
    const config = readConfig({
      MACRO_WECOM_CORP_ID: 'ww1',
      MACRO_WECOM_CORP_SECRET: 's1',
      MACRO_WECOM_AGENT_ID: '1000002',
      MACRO_DINGTALK_CLIENT_ID: 'd1',
      MACRO_DINGTALK_CLIENT_SECRET: 's2',
      MACRO_SOCIAL_REDIRECT_URI: REDIRECT,
    });
    expect(config.social.map((p) => [p.kind, p.source, p.redirectUri])).toEqual([
      ['wecom', 'wechat_enterprise', REDIRECT],
      ['dingtalk', 'dingtalk', REDIRECT],
    ]);
    expect(config.social[0]).toMatchObject({ baseUrl: 'https://qyapi.weixin.qq.com' });
    expect(config.social[1]).toMatchObject({ apiUrl: 'https://api.dingtalk.com', idField: 'unionId' });
    expect(() =>
      readConfig({
        MACRO_WECOM_CORP_ID: 'a',
        MACRO_WECOM_CORP_SECRET: 'b',
        MACRO_DINGTALK_CLIENT_ID: 'c',
        MACRO_DINGTALK_CLIENT_SECRET: 'd',
        MACRO_DINGTALK_SOURCE: 'wechat_enterprise',
      }),
    ).toThrow(/share one source/);
  });
});

describeDb(`social sign-in through WeChat Work, DingTalk and a generic OAuth 2.0 provider (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let oauth2: StandIn;
  let wecom: Awaited<ReturnType<typeof wecomStandIn>>;
  let dingtalk: StandIn;
  let socialiteId: number;

  beforeAll(async () => {
    [oauth2, wecom, dingtalk] = await Promise.all([oauth2StandIn(), wecomStandIn(), dingtalkStandIn()]);
    server = await startServer({
      social: [
        {
          kind: 'oauth2',
          source: 'corp',
          authorizeUrl: `${oauth2.url}/authorize`,
          tokenUrl: `${oauth2.url}/token`,
          userInfoUrl: `${oauth2.url}/userinfo`,
          clientId: 'console',
          clientSecret: 'provider-secret',
          redirectUri: REDIRECT,
          accountField: 'preferred_username',
        },
        {
          kind: 'wecom',
          source: 'wechat_enterprise',
          baseUrl: wecom.url,
          authorizeUrl: `${wecom.url}/wwlogin/sso/login`,
          corpId: WECOM.corpId,
          corpSecret: WECOM.corpSecret,
          agentId: '1000002',
          redirectUri: REDIRECT,
        },
        {
          kind: 'wecom',
          source: 'wecom_misconfigured',
          baseUrl: wecom.url,
          authorizeUrl: '',
          corpId: WECOM.corpId,
          corpSecret: 'not-the-secret',
          agentId: '1000002',
          redirectUri: REDIRECT,
        },
        {
          kind: 'dingtalk',
          source: 'dingtalk',
          apiUrl: dingtalk.url,
          authorizeUrl: `${dingtalk.url}/oauth2/auth`,
          clientId: DINGTALK.clientId,
          clientSecret: DINGTALK.clientSecret,
          idField: 'unionId',
          redirectUri: REDIRECT,
        },
      ],
    });
    admin = as(server, (await signIn(server)).access_token);
    await withTenant(server.database.db, TENANT, async (tx) => {
      socialiteId = await createUser(tx, { account: 'socialite', name: 'Socialite', password: 'Social@123456' });
      await createUser(tx, { account: 'zhangsan', name: 'Zhang San', password: 'Social@123456' });
      await createUser(tx, { account: 'idle', name: 'Idle', password: 'Social@123456' });
    });
    await withTenant(server.database.db, OTHER_TENANT, (tx) => createUser(tx, { account: 'zhangsan', name: 'Other Zhang', password: 'Social@123456' }));
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([oauth2.close(), wecom.close(), dingtalk.close()]);
  });

  const social = (form: Record<string, string>, tenant = TENANT, language = 'zh') =>
    tokenRequest(server, { grant_type: 'social', state: 'xyz', ...form }, { 'tenant-id': tenant, authorization: BASIC, 'accept-language': language });
  const signedInAs = async (response: Awaited<ReturnType<typeof social>>) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = tokenResponse.parse(response.json());
    return (await as(server, tokens.access_token).get('/api/user/getUserInfo')).json().data.account as string;
  };
  const link = (body: Record<string, unknown>) => admin.post('/api/macro-user/social-link/submit', body);

  it('offers every provider that has an authorization page, with its own parameters filled in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/macro-auth/oauth/social-providers' });
    const offered = response.json().data as { source: string; authorizeUrl: string }[];
    expect(offered.map((p) => p.source)).toEqual(['corp', 'wechat_enterprise', 'dingtalk']);
    const params = (i: number) => Object.fromEntries(new URL(offered[i].authorizeUrl).searchParams);
    expect(params(0)).toEqual({ response_type: 'code', client_id: 'console', redirect_uri: REDIRECT });
    expect(params(1)).toEqual({ login_type: 'CorpApp', appid: WECOM.corpId, agentid: '1000002', redirect_uri: REDIRECT });
    expect(params(2)).toEqual({ response_type: 'code', client_id: DINGTALK.clientId, redirect_uri: REDIRECT, scope: 'openid', prompt: 'consent' });
  });

  it('generic OAuth 2.0: exchanges the code with the client credentials and signs in the account it names', async () => {
    expect(await signedInAs(await social({ source: 'corp', code: 'good-socialite' }))).toBe('socialite');
    expect(oauth2.seen.some((line) => line.startsWith('POST /token') && line.includes('redirect_uri=http'))).toBe(true);
    expect((await social({ source: 'corp', code: 'bad-code' })).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '第三方登录失败，请重试' });
  });

  it('WeChat Work: gettoken once, then getuserinfo names the member, who signs in as the account of that userid', async () => {
    const before = wecom.tokensIssued();
    expect(await signedInAs(await social({ source: 'wechat_enterprise', code: 'member-zhangsan' }))).toBe('zhangsan');
    expect(await signedInAs(await social({ source: 'wechat_enterprise', code: 'member-socialite' }))).toBe('socialite');
    // The application token is cached between sign-ins.
    expect(wecom.tokensIssued() - before).toBeLessThanOrEqual(1);
    expect(wecom.seen.some((line) => line.includes(`/cgi-bin/gettoken?corpid=${WECOM.corpId}&corpsecret=${WECOM.corpSecret}`))).toBe(true);
    expect(wecom.seen.some((line) => /\/cgi-bin\/auth\/getuserinfo\?access_token=wecom-token-\d+&code=member-zhangsan/.test(line))).toBe(true);
    // The same userid in the other tenant is that tenant's user.
    const other = await social({ source: 'wechat_enterprise', code: 'member-zhangsan~other' }, OTHER_TENANT);
    expect(tokenResponse.parse(other.json())).toMatchObject({ account: 'zhangsan', tenant_id: OTHER_TENANT, nick_name: 'Other Zhang' });
  });

  it('WeChat Work: an expired application token is fetched again and the sign-in still succeeds', async () => {
    await social({ source: 'wechat_enterprise', code: 'member-zhangsan~warm' });
    const before = wecom.tokensIssued();
    wecom.expireTokens();
    expect(await signedInAs(await social({ source: 'wechat_enterprise', code: 'member-zhangsan~renew' }))).toBe('zhangsan');
    expect(wecom.tokensIssued()).toBe(before + 1);
    expect(wecom.seen.some((line) => line.includes('getuserinfo') && line.includes(`wecom-token-${before}&`))).toBe(true);
  });

  it('WeChat Work: an invalid or used code and a visitor outside the corporation are refused; a wrong secret is the service being unavailable', async () => {
    const refused = { error: 'invalid_grant', sys_msg: '第三方登录失败，请重试' };
    expect((await social({ source: 'wechat_enterprise', code: 'forged' })).json()).toMatchObject(refused);
    expect((await social({ source: 'wechat_enterprise', code: 'member-zhangsan' })).json()).toMatchObject(refused);
    expect((await social({ source: 'wechat_enterprise', code: 'visitor' })).json()).toMatchObject(refused);
    const unavailable = await social({ source: 'wecom_misconfigured', code: 'member-zhangsan~x' }, TENANT, 'en');
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({
      error: 'temporarily_unavailable',
      sys_msg: 'The social sign-in service cannot be reached right now, please try again later',
    });
    expect(unavailable.body).not.toContain('not-the-secret');
  });

  it('DingTalk: userAccessToken then users/me; the unionId signs in as the user an administrator linked to it', async () => {
    expect((await social({ source: 'dingtalk', code: 'dt-union-42' })).json()).toMatchObject({
      error: 'invalid_grant',
      sys_msg: '第三方账号未关联本租户的用户',
    });
    const made = expectOk(await link({ userId: socialiteId, source: 'dingtalk', externalId: 'union-42' }), socialLink);
    expect(made).toMatchObject({ userId: socialiteId, source: 'dingtalk', externalId: 'union-42' });
    expect(await signedInAs(await social({ source: 'dingtalk', code: 'dt-union-42' }))).toBe('socialite');
    const exchange = dingtalk.seen.find((line) => line.startsWith('POST /v1.0/oauth2/userAccessToken'));
    expect(JSON.parse(exchange!.slice(exchange!.indexOf('{')))).toEqual({
      clientId: DINGTALK.clientId,
      clientSecret: DINGTALK.clientSecret,
      code: 'dt-union-42',
      grantType: 'authorization_code',
    });
    // A link wins over an account of the same name.
    expectOk(await link({ userId: socialiteId, source: 'wechat_enterprise', externalId: 'idle' }), socialLink);
    expect(await signedInAs(await social({ source: 'wechat_enterprise', code: 'member-idle' }))).toBe('socialite');
  });

  it('DingTalk: an invalid code, an expired user token and a provider that is down are told apart', async () => {
    expect((await social({ source: 'dingtalk', code: 'not-a-code' })).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '第三方登录失败，请重试' });
    expect((await social({ source: 'dingtalk', code: 'dt-expired' })).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '第三方登录失败，请重试' });
    dingtalk.down = true;
    try {
      const response = await social({ source: 'dingtalk', code: 'dt-union-42' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ error: 'temporarily_unavailable', sys_msg: '暂时无法连接第三方登录服务，请稍后再试' });
    } finally {
      dingtalk.down = false;
    }
  });

  it('refuses a disabled user, an unknown source and a missing code', async () => {
    await withTenant(server.database.db, TENANT, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.account, 'zhangsan')));
    try {
      expect((await social({ source: 'wechat_enterprise', code: 'member-zhangsan~disabled' })).json()).toMatchObject({
        error: 'invalid_grant',
      });
      const linked = await link({ userId: socialiteId, source: 'dingtalk', externalId: 'union-disabled' });
      expect(linked.statusCode).toBe(200);
      await withTenant(server.database.db, TENANT, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, socialiteId)));
      expect((await social({ source: 'dingtalk', code: 'dt-union-disabled' })).json()).toMatchObject({ error: 'invalid_grant', sys_msg: '该用户已被禁用' });
    } finally {
      await withTenant(server.database.db, TENANT, (tx) => tx.update(users).set({ status: 1 }));
    }
    expect((await social({ source: 'elsewhere', code: 'x' })).json()).toMatchObject({ error: 'invalid_request', sys_msg: '不支持的第三方登录来源：elsewhere' });
    expect((await social({ source: 'dingtalk' })).json()).toMatchObject({ error: 'invalid_request', sys_msg: '缺少第三方登录授权码' });
  });

  it('lets an administrator list, add and remove links: one provider user links once, to a user of the tenant', async () => {
    const listed = expectOk(await admin.get(`/api/macro-user/social-link/list?userId=${socialiteId}`), z.array(socialLink));
    expect(listed.map((l) => `${l.source}:${l.externalId}`)).toEqual(expect.arrayContaining(['dingtalk:union-42', 'wechat_enterprise:idle']));
    expectFailure(await link({ userId: socialiteId, source: 'dingtalk', externalId: 'union-42' }), 409, '该第三方用户已关联到本租户的用户');
    expectFailure(await link({ userId: 999_999, source: 'dingtalk', externalId: 'union-43' }), 404, '用户不存在');
    expectFailure(await link({ userId: socialiteId, source: 'dingtalk', externalId: '' }), 400, '请输入第三方用户标识');
    const removed = await admin.post('/api/macro-user/social-link/remove', { ids: listed.map((l) => l.id) });
    expect(removed.json().data, removed.body).toEqual({ removed: listed.length });
    expect((await admin.get(`/api/macro-user/social-link/list?userId=${socialiteId}`)).json().data).toEqual([]);
    expect((await social({ source: 'dingtalk', code: 'dt-union-42' })).json()).toMatchObject({ sys_msg: '第三方账号未关联本租户的用户' });
  });
});
