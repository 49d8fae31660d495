import { generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { renderRoutes, serveApi } from '../../test/render';
import { LoginPage } from './LoginPage';

const TOKEN = {
  access_token: 'new-session',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 60,
  scope: 'all',
  user_id: 1,
  tenant_id: '000000',
  account: 'admin',
};

function openAt(path: string) {
  return renderRoutes({ '/login': <LoginPage />, '/wel/index': <p>home page</p>, '/system/dict': <p>dict page</p> }, path);
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
    const { location } = await openAt('/login?token=host-token&redirect=%2Fsystem%2Fdict');
    expect(await screen.findByText('dict page')).toBeInTheDocument();
    const call = calls.find((c) => c.url.pathname === '/api/macro-auth/validPlatformToken');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ token: 'host-token' });
    expect(useSession.getState().token).toBe('new-session');
    expect(location().search).not.toContain('host-token');
  });

  it('on failure only closes the loading screen: the form is there, with no error and no token in the address', async () => {
    serveApi((url) => (url.pathname === '/api/macro-auth/validPlatformToken' ? { status: 400, data: '平台令牌无效或已过期，请重新登录' } : { data: [] }));
    const { location } = await openAt('/login?token=dead-token');
    await waitFor(() => expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(location().search).not.toContain('dead-token');
    expect(useSession.getState().token).toBeFalsy();
  });
});

describe('the sign-in form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('says what is missing under each field, puts the cursor in the first one, and sends nothing', async () => {
    const calls = serveApi(() => ({ data: [] }));
    await openAt('/login');
    fireEvent.change(screen.getByTestId('login-tenant'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const tenant = screen.getByTestId('login-tenant');
    expect(await screen.findByText('请输入租户编号')).toBeInTheDocument();
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(tenant).toHaveAttribute('aria-invalid', 'true');
    expect(tenant).toHaveAccessibleDescription('请输入租户编号');
    expect(document.activeElement).toBe(tenant);
    expect(calls.some((c) => c.url.pathname.includes('token'))).toBe(false);

    // Typing into a field clears its own message and leaves the others.
    fireEvent.change(tenant, { target: { value: '000000' } });
    expect(screen.queryByText('请输入租户编号')).toBeNull();
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
  });

  it('signs in with the trimmed tenant and account, the password sealed with the server key, and goes to the page asked for', async () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-auth/oauth/public-key') return { data: { publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }) } };
      if (url.pathname === '/api/macro-auth/oauth/token') return { body: TOKEN };
      if (url.pathname === '/api/macro-user/info') return { data: { account: 'admin' } };
      return { data: [] };
    });
    await openAt('/login?redirect=%2Fsystem%2Fdict');
    fireEvent.change(screen.getByTestId('login-tenant'), { target: { value: ' 000001 ' } });
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: ' admin123456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('dict page')).toBeInTheDocument();
    const call = calls.find((c) => c.url.pathname === '/api/macro-auth/oauth/token');
    const sent = new URLSearchParams(String(call?.init?.body));
    expect(sent.get('username')).toBe('admin');
    expect(new Headers(call?.init?.headers).get('Tenant-Id')).toBe('000001');
    // The password is sent as typed (spaces are characters of a password), sealed for the server.
    const opened = privateDecrypt({ key: keys.privateKey, oaepHash: 'sha256' }, Buffer.from(sent.get('password') ?? '', 'base64'));
    expect(opened.toString()).toBe(' admin123456');
  });
});
