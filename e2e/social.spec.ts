import { expect, test } from '@playwright/test';
import { LoginPage, switchLanguage, signInAsAdmin } from './pages/login.ts';
import { UsersPage } from './pages/users.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { WecomStandIn } from './support/wecom.ts';
import { screenshot } from './support/screens.ts';

/*
 * Social sign-in through WeChat Work, end to end: the sign-in page's button sends the browser to
 * the provider (a stand-in this file starts where the server was told it is), which sends it
 * back to /authredirect with a code; the console checks the state and the server asks the
 * provider who it is.
 */
const wecom = new WecomStandIn();
test.beforeAll(() => wecom.start());
test.afterAll(() => wecom.stop());
test.beforeEach(() => {
  wecom.member = 'admin';
  wecom.delayMs = 0;
});

test('signs in through WeChat Work: provider, /authredirect, then the console', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  const button = page.getByTestId('login-social-wechat_enterprise');
  await expect(button).toHaveText('使用企业微信登录');
  wecom.delayMs = 2_000;
  await button.click();
  await expect(page).toHaveURL(/\/authredirect\?/);
  await expect(page.getByText('正在完成第三方登录…')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/authredirect-waiting-zh.png', animations: 'disabled' });
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
});

test('says clearly, in Chinese and English, when the WeChat Work member is not a user of the tenant', async ({ page }) => {
  wecom.member = 'ghost';
  const login = new LoginPage(page);
  await login.open();
  await page.getByTestId('login-social-wechat_enterprise').click();
  await expect(page.getByTestId('auth-redirect-error')).toHaveText('第三方账号未关联本租户的用户');
  await expect(page.getByRole('heading', { name: '第三方登录未完成' })).toBeVisible();
  await expectNoSeriousViolations(page, '/authredirect (error)');
  await screenshot(page, { path: 'e2e/artifacts/authredirect-error-zh.png', animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('auth-redirect-back')).toBeInViewport();
  await screenshot(page, { path: 'e2e/artifacts/authredirect-error-zh-375.png', animations: 'disabled' });
  // The way back works from the keyboard.
  await page.getByTestId('auth-redirect-back').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('login-social-wechat_enterprise')).toHaveText('Sign in with WeChat Work');
  await page.getByTestId('login-social-wechat_enterprise').click();
  await expect(page.getByTestId('auth-redirect-error')).toHaveText(/not linked to a user of the tenant/);
  await expect(page.getByRole('heading', { name: 'Social sign-in not completed' })).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/authredirect-error-en.png', animations: 'disabled' });
  await page.getByTestId('auth-redirect-back').click();
  await switchLanguage(page, 'zh');
});

test('refuses a return whose state this tab never sent, before the code reaches the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/oauth/token')) calls.push(request.url());
  });
  await page.goto('/authredirect?code=member-admin~stolen&state=forged');
  await expect(page.getByTestId('auth-redirect-error')).toHaveText('第三方登录请求已失效，请重新登录');
  await screenshot(page, { path: 'e2e/artifacts/authredirect-state-zh.png', animations: 'disabled' });
  expect(calls).toEqual([]);
});

test('an administrator links a WeChat Work member to a user on the user screen, and the member signs in as that user', async ({ page }) => {
  const login = new LoginPage(page);
  await signInAsAdmin(page, '/controller/usermanage');
  const users = new UsersPage(page);
  await users.rowAction('admin', '第三方账号');
  const dialog = page.getByTestId('user-social-dialog');
  await expect(dialog.getByText('尚未关联第三方账号')).toBeVisible();
  await dialog.getByTestId('user-social-source').locator('input').fill('wechat_enterprise');
  await dialog.getByTestId('user-social-external-id').fill('wang.wei');
  await dialog.getByTestId('user-social-add').click();
  await expect(dialog.locator('tbody tr').filter({ hasText: 'wang.wei' })).toContainText('企业微信');
  await expectNoSeriousViolations(page, 'social accounts dialog');
  await screenshot(page, { path: 'e2e/artifacts/user-social-links-zh.png', animations: 'disabled' });
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .last()
    .click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'en');
  await users.rowAction('admin', 'Social accounts');
  await expect(dialog.getByText('Social accounts of admin')).toBeVisible();
  await expect(dialog.locator('tbody tr').filter({ hasText: 'wang.wei' })).toContainText('WeChat Work');
  await screenshot(page, { path: 'e2e/artifacts/user-social-links-en.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'zh');

  // A fresh browser: the member wang.wei signs in, and is the administrator.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  wecom.member = 'wang.wei';
  await login.open();
  await page.getByTestId('login-social-wechat_enterprise').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  const account = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('macro-token') ?? '{}') as { content?: string };
    const response = await fetch('/api/user/getUserInfo', { headers: { 'Macro-Auth': `bearer ${stored.content}` } });
    return ((await response.json()) as { data: { account: string } }).data.account;
  });
  expect(account).toBe('admin');
});
