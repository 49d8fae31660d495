import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { useSession } from '../session/store';
import { completeSocialSignIn } from './session';

const PENDING = 'macro-social-pending';

describe('social sign-in on /authredirect', () => {
  beforeAll(() => initI18n('zh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    useSession.getState().clear();
  });

  it('refuses a state this tab did not send, without sending the code anywhere', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'corp', state: 'mine', tenantId: '000000' }));
    await expect(completeSocialSignIn('the-code', 'forged')).rejects.toThrow('第三方登录请求已失效，请重新登录');
    await expect(completeSocialSignIn('the-code', 'mine')).rejects.toThrow('第三方登录请求已失效，请重新登录');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code with its source and tenant as grant_type=social, then loads the session', async () => {
    const token = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 60, scope: 'all', user_id: 7, account: 'socialite' };
    const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('/oauth/token') ? new Response(JSON.stringify(token), { status: 200 }) : envelope(url.includes('info') ? { account: 'socialite' } : []),
    );
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(PENDING, JSON.stringify({ source: 'corp', state: 'mine', tenantId: '200001' }));
    await completeSocialSignIn('the-code', 'mine');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/macro-auth/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toMatchObject({ grant_type: 'social', source: 'corp', code: 'the-code', state: 'mine' });
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Tenant-Id']).toBe('200001');
    expect(useSession.getState().token).toBe('a');
    expect(sessionStorage.getItem(PENDING)).toBeNull();
  });
});
