import { type BrowserContext, expect, type Page } from '@playwright/test';

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

type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The administrator's signed-in browser state, kept per worker process (each has its own server). */
let adminSession: StoredSession | undefined;

const HOME = '/wel/index';

/**
 * Signs the administrator in and lands on `landing` (the home page by default), as a bookmark
 * opened in a browser that stayed signed in does: one page load. The first test of a worker
 * signs in through the form (and then opens `landing`); later ones start from the cookies and
 * storage that sign-in left. A test about signing in uses LoginPage itself. On a landing other
 * than the home page, the test waits for what it expects there.
 */
export async function signInAsAdmin(page: Page, landing = HOME) {
  // A test before may have ended that session (signed out through the API, changed the password).
  if (adminSession && !(await sessionAlive(page, adminSession))) adminSession = undefined;
  if (adminSession) {
    const { cookies, origins } = adminSession;
    await page.context().addCookies(cookies);
    // Once per tab: a later sign-out in the same tab stays signed out.
    await page.context().addInitScript((stored) => {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      const here = stored.find((origin) => origin.origin === location.origin);
      for (const { name, value } of here?.localStorage ?? []) localStorage.setItem(name, value);
    }, origins);
    await page.goto(landing);
    if (landing === HOME) await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
    return;
  }
  await page.goto('/login');
  const login = new LoginPage(page);
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
  await login.signIn();
  await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 30_000 });
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  adminSession = await page.context().storageState();
  if (landing !== HOME) await page.goto(landing);
}

/** Whether the server still takes the stored session's token. */
async function sessionAlive(page: Page, session: StoredSession): Promise<boolean> {
  const stored = session.origins.flatMap((origin) => origin.localStorage).find((entry) => entry.name === 'macro-token');
  const token = stored ? (JSON.parse(stored.value) as { content?: string }).content : undefined;
  if (!token) return false;
  const response = await page.request.get('/api/macro-user/info', { headers: { 'Macro-Auth': `bearer ${token}` } });
  return response.ok();
}

/** After a sign-out the stored session is ended on the server: the next sign-in goes through the form. */
export function forgetAdminSession() {
  adminSession = undefined;
}
