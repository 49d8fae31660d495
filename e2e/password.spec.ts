import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { ADMIN, LoginPage, switchLanguage } from './pages/login.ts';
import { screenshot } from './support/screens.ts';

const RESET_PASSWORD = 'Macro@123456';

/** What the console keeps in local storage under its prefix. */
async function stored<T>(page: Page, key: string): Promise<T> {
  return page.evaluate((name) => (JSON.parse(localStorage.getItem(`macro-${name}`) ?? 'null') as { content: unknown }).content, key) as Promise<T>;
}

async function fillPasswords(page: Page, oldPassword: string, newPassword: string, confirm = newPassword) {
  await page.getByTestId('password-old').fill(oldPassword);
  await page.getByTestId('password-new').fill(newPassword);
  await page.getByTestId('password-confirm').fill(confirm);
  await page.getByTestId('password-submit').click();
}

test('a reset password must be changed at the next sign-in before anything else; the change page is accessible', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/);

  // The user menu leads to the change page; a mismatch and a wrong current password are named.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('change-password').click();
  await expect(page).toHaveURL(/\/info\/setting$/);
  await fillPasswords(page, ADMIN.password, 'Other@123456', 'Other@654321');
  await expect(page.getByText('两次输入的新密码不一致')).toBeVisible();
  await fillPasswords(page, 'Wrong@123456', 'Other@123456');
  await expect(page.getByTestId('password-error')).toHaveText('原密码不正确');

  // An administrator resets the password (here their own): the session ends.
  const token = await stored<string>(page, 'token');
  const user = await stored<{ user_id: number }>(page, 'user');
  const reset = await request.post('/api/macro-user/reset-password', {
    headers: { 'Macro-Auth': `bearer ${token}` },
    data: { userIds: [user.user_id] },
  });
  expect(reset.status()).toBe(200);

  await page.goto('/login');
  await login.open();
  await login.signIn(ADMIN.account, RESET_PASSWORD);
  // Whatever the console was asked for, it shows the change page first.
  await expect(page).toHaveURL(/\/info\/password$/);
  await expect(page.getByTestId('password-must-change')).toBeVisible();
  await page.goto('/controller/dictionaries');
  await expect(page).toHaveURL(/\/info\/password$/);
  await expectNoSeriousViolations(page, 'password change');
  await screenshot(page, { path: 'e2e/artifacts/screens/password-zh.png', animations: 'disabled' });

  await fillPasswords(page, RESET_PASSWORD, ADMIN.password);
  await expect(page).toHaveURL(/\/wel\/index$/);
  expect((await stored<{ must_change_password: boolean }>(page, 'user')).must_change_password).toBe(false);
});

test('the change page in English at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const login = new LoginPage(page);
  await login.open();
  await switchLanguage(page, 'en');
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/info/password');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Please enter the current password')).toBeVisible();
  await expectNoSeriousViolations(page, 'password change (en)');
  await screenshot(page, { path: 'e2e/artifacts/screens/password-en.png', animations: 'disabled' });
});
