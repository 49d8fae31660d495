import { constants, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, LoginPage, switchLanguage } from './pages/login.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot, shot } from './support/screens.ts';

const BASIC = `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`;
const READER = { account: 'e2e_reader', password: 'Reader123' };

/** A second user of the tenant (no roles), made through the API as an administrator would. */
async function createReader(request: APIRequestContext) {
  const { publicKey } = (await (await request.get('/api/macro-auth/oauth/public-key')).json()).data as { publicKey: string };
  const encrypt = (text: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
  const token = await request.post('/api/macro-auth/oauth/token', {
    headers: { authorization: BASIC, 'tenant-id': ADMIN.tenant },
    form: { grant_type: 'password', username: ADMIN.account, password: encrypt(ADMIN.password), scope: 'all' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const secret = encrypt(READER.password);
  const created = await request.post('/api/macro-user/submit', {
    headers: { 'macro-auth': `bearer ${access_token}` },
    data: { account: READER.account, name: '读者小李', password: secret, password2: secret },
  });
  expect(created.status(), await created.text()).toBe(200);
}

/** The sign-in page, given time to come up in a cold browser on a busy machine. */
async function openLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
  return new LoginPage(page);
}

/** The unread total the bell announces (its accessible name carries the count). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByTestId('notice-bell').getAttribute('aria-label')) ?? '';
  return Number(label.match(/\d+/)?.[0]);
}

test('the dashboard shows the server’s figures and charts; a published notice raises another user’s badge', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await createReader(request);
  const login = await openLogin(page);
  const summaryResponse = page.waitForResponse((r) => r.url().includes('/api/macro-system/dashboard/summary') && r.status() === 200);
  await login.signIn();
  const summary = (await (await summaryResponse).json()).data as { counts: Record<string, number | null> };

  // Every figure the server sent is on the page, as sent.
  for (const [key, value] of Object.entries(summary.counts)) {
    if (value === null) await expect(page.getByTestId(`dashboard-count-${key}`)).toHaveCount(0);
    else await expect(page.getByTestId(`dashboard-count-${key}`)).toHaveText(value.toLocaleString('en-US'));
  }
  expect(summary.counts.users).toBeGreaterThan(1);
  await expect(page.getByTestId('dashboard-chart-signins').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('dashboard-chart-depts').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('dashboard-signins')).toBeVisible();
  await expectNoSeriousViolations(page, 'the dashboard');
  await shot(page, 'dashboard-zh-1440', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('dashboard-chart-signins').locator('canvas')).toBeVisible();
  await expectNoSeriousViolations(page, 'the dashboard on a phone');
  await shot(page, 'dashboard-zh-375', { fullPage: true });
  await switchLanguage(page, 'en');
  await expect(page.getByText('What I can reach')).toBeVisible();
  await expect(page.getByTestId('welcome-greeting')).toHaveText(/^Good (morning|afternoon|evening), /);
  await shot(page, 'dashboard-en-375', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('img', { name: 'Chart: Users by department' })).toBeVisible();
  await shot(page, 'dashboard-en-1440', { fullPage: true });
  // And in Japanese: the greeting, the figures' titles and the charts' names.
  await switchLanguage(page, 'ja');
  await expect(page.getByTestId('welcome-greeting')).toHaveText(/(おはようございます|こんにちは|こんばんは)/);
  await expect(page.getByRole('img', { name: /のグラフ$/ }).first()).toBeVisible();
  await shot(page, 'dashboard-ja-1440', { fullPage: true });
  await switchLanguage(page, 'zh');

  // The reader, in a browser of their own, sees the demo items unread.
  const readerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await readerContext.newPage();
  const readerLogin = await openLogin(reader);
  await readerLogin.signIn(READER.account, READER.password);
  await expect(reader.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(reader.getByTestId('notice-bell')).toHaveAttribute('aria-label', /通知（[1-9]\d* 条未读）/);
  const before = await unreadOf(reader);

  // The administrator publishes a notice to the tenant.
  await page.goto('/controller/notices');
  await page.getByTestId('notice-add').click();
  const dialog = page.getByTestId('notice-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('notice-field-title').fill('Quarterly review on Friday');
  await dialog.getByTestId('notice-field-content').fill('All staff meet at 3 pm in room 201.');
  await shot(page, 'notice-dialog-en-1440', { fullPage: true });
  await page.getByTestId('notice-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice-table').getByText('Quarterly review on Friday')).toBeVisible();
  await shot(page, 'notice-admin-en-1440', { fullPage: true });

  // The reader's badge rises by one; they open it and it falls back.
  await reader.reload();
  await expect(reader.getByTestId('notice-bell')).toHaveAttribute('aria-label', `通知（${before + 1} 条未读）`);
  await reader.getByTestId('notice-bell').click();
  const popover = reader.getByTestId('notice-popover');
  await expect(popover.getByText('Quarterly review on Friday')).toBeVisible();
  await expectNoSeriousViolations(reader, 'the notice popover');
  await shot(reader, 'notice-popover-zh-1440', { fullPage: true });
  await popover.getByRole('button', { name: /Quarterly review on Friday/ }).click();
  const opened = reader.getByRole('dialog', { name: 'Quarterly review on Friday' });
  await expect(opened.getByText('All staff meet at 3 pm in room 201.')).toBeVisible();
  await expect(reader.getByTestId('notice-bell')).toHaveAttribute('aria-label', `通知（${before} 条未读）`);
  await opened.locator('.ant-modal-footer').getByRole('button', { name: '关闭', exact: true }).click();
  await expect(opened).toBeHidden();
  // Marking the rest read empties the notice tab's count.
  await reader.setViewportSize({ width: 375, height: 812 });
  await reader.getByTestId('notice-bell').click();
  await expect(popover).toBeVisible();
  await shot(reader, 'notice-popover-zh-375', { fullPage: true });
  await reader.getByTestId('notice-read-all').click();
  await expect(reader.getByTestId('notice-tab-notice')).toHaveText('通知');
  // The reader holds no dashboard permission: the page says so instead of failing.
  await expect(reader.getByTestId('dashboard-no-access')).toBeVisible();
  await readerContext.close();
});

test('the data view opens on its own, without the console’s frame, with the same figures as the dashboard', async ({ page }) => {
  await (await openLogin(page)).signIn();
  await expect(page.getByTestId('dashboard-count-users')).toBeVisible({ timeout: 30_000 });
  const users = await page.getByTestId('dashboard-count-users').innerText();
  await page.goto('/dataView/view');
  const view = page.getByTestId('data-view');
  await expect(view.getByRole('heading', { name: '数据大屏' })).toBeVisible();
  await expect(view.getByTestId('dashboard-count-users')).toHaveText(users);
  await expect(view.getByTestId('dashboard-chart-signins')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('tab-strip')).toHaveCount(0);
  await expect(page).toHaveTitle(/^数据大屏/);
  await expectNoSeriousViolations(page, 'the data view');
  await screenshot(page, { path: 'e2e/artifacts/screens/data-view-zh-1440.png', animations: 'disabled' });
  // Signed out, it is not shown.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/dataView/view');
  await expect(page).toHaveURL(/\/login/);
});
