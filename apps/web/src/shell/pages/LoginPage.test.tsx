import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { renderPage, serveApi } from '../../test/render';
import { LoginPage } from './LoginPage';

const TOKEN = { access_token: 'new-session', refresh_token: 'r', token_type: 'bearer', expires_in: 60, scope: 'all', user_id: 1, tenant_id: '000000', account: 'admin' };

async function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/wel/index', element: <p>home page</p> },
      { path: '/system/dict', element: <p>dict page</p> },
    ],
    { initialEntries: [path] },
  );
  await renderPage(<RouterProvider router={router} />);
  return { router };
}

describe('token login on the sign-in page (validPlatformToken)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('signs in with the token a host shell put in the address and goes on', async () => {
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-auth/validPlatformToken') return { data: TOKEN };
      if (url.pathname === '/api/macro-user/info') return { data: { account: 'admin' } };
      return { data: [] };
    });
    const { router } = await openAt('/login?token=host-token&redirect=%2Fsystem%2Fdict');
    expect(await screen.findByText('dict page')).toBeInTheDocument();
    const call = calls.find((c) => c.url.pathname === '/api/macro-auth/validPlatformToken');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ token: 'host-token' });
    expect(useSession.getState().token).toBe('new-session');
    expect(router.state.location.search).not.toContain('host-token');
  });

  it('on failure only closes the loading screen: the form is there, with no error and no token in the address', async () => {
    serveApi((url) =>
      url.pathname === '/api/macro-auth/validPlatformToken' ? { status: 400, data: '平台令牌无效或已过期，请重新登录' } : { data: [] },
    );
    const { router } = await openAt('/login?token=dead-token');
    await waitFor(() => expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(router.state.location.search).not.toContain('dead-token');
    expect(useSession.getState().token).toBeFalsy();
  });
});
