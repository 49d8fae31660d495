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

const HTML_LANG = { zh: 'zh-CN', en: 'en', ja: 'ja' } as const;

/**
 * The language dropdown, on the sign-in page and in the top bar alike. Returns once the switch is
 * complete (the page's lang is set last, after the choice is stored): a reload right after it keeps it.
 */
export async function switchLanguage(page: Page, language: 'zh' | 'en' | 'ja') {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language], { timeout: 30_000 });
}
