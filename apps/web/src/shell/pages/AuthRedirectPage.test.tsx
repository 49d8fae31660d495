import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { useSession } from '../../session/store';
import { renderRoutes, serveApi } from '../../test/render';
import { AuthRedirectPage } from './AuthRedirectPage';

const PENDING = 'macro-social-pending';
const TOKEN = {
  access_token: 'social-token',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 60,
  scope: 'all',
  user_id: 7,
  tenant_id: '000000',
  account: 'zhangsan',
};

/** /authredirect with the provider's query, beside the pages it may move on to. */
function openAt(query: string) {
  return renderRoutes(
    { '/authredirect': <AuthRedirectPage />, '/login': <p>login page</p>, '/wel/index': <p>home page</p>, '/system/user': <p>user page</p> },
    `/authredirect?${query}`,
  );
}

function remember(pending: Record<string, string>) {
  sessionStorage.setItem(PENDING, JSON.stringify({ source: 'wechat_enterprise', state: 's1', tenantId: '000000', redirect: '', ...pending }));
}

describe('the /authredirect page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    useSession.getState().clear();
    await changeLanguage('zh');
  });

  it('exchanges the code of its own state and lands where the sign-in page was asked to go', async () => {
    remember({ redirect: '/system/user' });
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-auth/oauth/token') return { body: TOKEN };
      if (url.pathname === '/api/macro-user/info') return { data: { account: 'zhangsan' } };
      return { data: [] };
    });
    await openAt('code=member-zhangsan&state=s1&appid=ww1');
    expect(await screen.findByText('user page')).toBeInTheDocument();
    const form = new URLSearchParams(String(calls.find((c) => c.url.pathname.endsWith('/oauth/token'))?.init?.body));
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: 'social', source: 'wechat_enterprise', code: 'member-zhangsan', state: 's1' });
    expect(useSession.getState().token).toBe('social-token');
  });

  it('never sends a code whose state this tab did not send, and offers the way back', async () => {
    remember({});
    const calls = serveApi(() => ({ data: null }));
    await openAt('code=stolen&state=forged');
    expect(await screen.findByTestId('auth-redirect-error')).toHaveTextContent('第三方登录请求已失效，请重新登录');
    expect(screen.getByRole('heading', { name: '第三方登录未完成' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByTestId('auth-redirect-back'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it("shows the server's reason in the user's language when the provider's user is not linked", async () => {
    remember({ source: 'dingtalk', state: 's2' });
    serveApi((url) =>
      url.pathname === '/api/macro-auth/oauth/token'
        ? {
            status: 400,
            body: {
              code: 400,
              success: false,
              error: 'invalid_grant',
              error_code: 400,
              httpCode: 400,
              sys_msg: 'This social account is not linked to a user of this tenant',
              data: null,
            },
          }
        : undefined,
    );
    await openAt('authCode=dt-union-9&state=s2');
    await changeLanguage('en');
    expect(await screen.findByTestId('auth-redirect-error')).toHaveTextContent('This social account is not linked to a user of this tenant');
    expect(screen.getByRole('heading', { name: 'Social sign-in not completed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().token).toBeFalsy());
  });

  it('says so when the person cancelled at the provider', async () => {
    remember({});
    serveApi(() => undefined);
    await openAt('error=access_denied&state=s1');
    expect(await screen.findByTestId('auth-redirect-error')).toHaveTextContent('第三方登录已取消或被拒绝，请重新登录');
  });
});
