import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { useSession } from '../session/store';
import { completeSocialSignIn, socialReturnOf } from './session';

const back = (query: string) => socialReturnOf(new URLSearchParams(query));

const PENDING = 'macro-social-pending';

describe('social sign-in on /authredirect', () => {
  beforeAll(() => {
    initI18n('zh');
    const meta = document.createElement('meta');
    meta.name = 'macro-client';
    meta.content = 'macro';
    document.head.append(meta);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    useSession.getState().clear();
  });

  it('refuses a state this tab did not send, without sending the code anywhere', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'corp', state: 'mine', tenantId: '000000' }));
    await expect(completeSocialSignIn(back('code=the-code&state=forged'))).rejects.toThrow('第三方登录请求已失效，请重新登录');
    await expect(completeSocialSignIn(back('code=the-code&state=mine'))).rejects.toThrow('第三方登录请求已失效，请重新登录');
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'corp', state: 'mine', tenantId: '000000' }));
    await expect(completeSocialSignIn(back('code=the-code&state=mine&source=other'))).rejects.toThrow('第三方登录请求已失效，请重新登录');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code with its source and tenant as grant_type=social, then loads the session', async () => {
    const token = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 60, scope: 'all', user_id: 7, account: 'socialite' };
    const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('/oauth/token') ? new Response(JSON.stringify(token), { status: 200 }) : envelope(url.includes('info') ? { account: 'socialite' } : []),
    );
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'corp', state: 'mine', tenantId: '200001', redirect: '/system/user' }));
    expect(await completeSocialSignIn(back('code=the-code&state=mine'))).toBe('/system/user');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/macro-auth/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toMatchObject({
      grant_type: 'social',
      source: 'corp',
      code: 'the-code',
      state: 'mine',
    });
    // The console is a public client: Basic with its id and an empty secret, from the page's meta tag.
    expect(new Headers(init?.headers).get('authorization')).toBe(`Basic ${btoa('macro:')}`);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Tenant-Id']).toBe('200001');
    expect(useSession.getState().token).toBe('a');
    expect(sessionStorage.getItem(PENDING)).toBeNull();
  });

  it("reads DingTalk's authCode as the code, and says when the provider refused or sent no code", async () => {
    expect(back('authCode=dt-1&state=s').code).toBe('dt-1');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'dingtalk', state: 's', tenantId: '000000' }));
    await expect(completeSocialSignIn(back('error=access_denied&state=s'))).rejects.toThrow('第三方登录已取消或被拒绝，请重新登录');
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'dingtalk', state: 's', tenantId: '000000' }));
    await expect(completeSocialSignIn(back('state=s'))).rejects.toThrow('第三方登录没有返回授权码，请重新登录');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
