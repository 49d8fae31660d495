import { expect, type Page } from '@playwright/test';

export const ADMIN = { tenant: '000000', account: 'admin', password: 'Admin@123456' };

/** The sign-in screen. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  async signIn(account = ADMIN.account, password = ADMIN.password, tenant = ADMIN.tenant) {
    await this.page.getByTestId('login-tenant').fill(tenant);
    await this.page.getByTestId('login-account').fill(account);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}

/** The language dropdown, on the sign-in page and in the top bar alike. */
export async function switchLanguage(page: Page, language: 'zh' | 'en' | 'ja') {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${language}`).click();
}
