import { expect, test } from '@playwright/test';
import { LoginPage, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { screenshot } from './support/screens.ts';

test('signs in, switches to English and back, and signs out', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await expect(page.getByText('文件管理后台 2.0').first()).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/login-zh.png', animations: 'disabled' });

  await login.signIn('admin', 'wrong-password');
  await expect(login.error()).toHaveText(/账号或密码错误/);
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('welcome-page')).toBeVisible();

  const shell = new Shell(page);
  await expect(shell.sidebar().getByText('系统管理')).toBeVisible();
  await switchLanguage(page, 'en');
  await expect(shell.sidebar().getByText('System')).toBeVisible();
  await expect(page).toHaveTitle('Home - File Management Console 2.0');
  await expect(page.getByTestId('language-switch')).toContainText('English');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('language-en')).toBeDisabled();
  await page.getByTestId('language-zh').click();
  await expect(shell.sidebar().getByText('系统管理')).toBeVisible();

  await shell.signOut();
  // The session is gone on the server too: the console cannot call as the old user.
  await page.goto('/controller/dictionaries');
  await expect(page).toHaveURL(/\/login/);
});

test('the login page and messages follow the language, English included', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('login-submit')).toContainText(/Sign in/i);
  await screenshot(page, { path: 'e2e/artifacts/login-en.png', animations: 'disabled' });
  await login.signIn('admin', 'wrong-password');
  await expect(login.error()).toHaveText(/Wrong account or password/);
  await login.signIn('admin', 'Admin@123456', '999999');
  await expect(login.error()).toHaveText(/tenant does not exist/i);
  await switchLanguage(page, 'zh');
});

test('an unknown path shows the 404 page, and a revoked session returns to /login', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-404')).toBeVisible();
  // The other two error pages say what happened and lead home.
  for (const [code, text] of [
    ['403', '抱歉，您无权访问此页面'],
    ['500', '抱歉，服务器出错了'],
  ]) {
    await page.goto(`/${code}`);
    await expect(page.getByTestId(`error-${code}`)).toContainText(text);
    await page.getByTestId(`error-${code}`).getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/wel\/index$/);
  }

  // Sign the session out behind the console's back: its next call gets 401 and it logs out.
  const token = await page.evaluate(() => {
    const stored = localStorage.getItem('macro-token');
    return stored ? (JSON.parse(stored) as { content: string }).content : null;
  });
  expect(token).toBeTruthy();
  // Leave the console first: a call of the home page (it refreshes its figures) answered 401
  // before the next page load would sign out there, and the reload would forget why.
  await page.goto('about:blank');
  const logout = await request.post('/api/user/logout', { headers: { 'Macro-Auth': `bearer ${token}` } });
  expect(logout.status()).toBe(200);
  await page.goto('/controller/dictionaries');
  // Back at sign-in, told why, and returned to the page once signed in again.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcontroller%2Fdictionaries$/);
  await expect(page.getByTestId('login-expired')).toHaveText('登录已过期，请重新登录');
  await login.signIn();
  await expect(page).toHaveURL(/\/controller\/dictionaries$/);
  await expect(page.getByTestId('login-expired')).toHaveCount(0);
});

test('signs in where the browser offers no WebCrypto (plain http on an intranet address)', async ({ page }) => {
  // Browsers hide crypto.subtle outside secure contexts; the console then encrypts in script.
  await page.addInitScript(() => Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined }));
  const login = new LoginPage(page);
  await login.open();
  expect(await page.evaluate(() => globalThis.crypto.subtle)).toBeUndefined();
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
});
