import { expect, type Page, test } from '@playwright/test';
import { THEME_NAMES, THEMES } from '../apps/web/src/shell/theme/themes.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { LoginPage, switchLanguage } from './pages/login.ts';

/** `#RRGGBB` as the browser reports a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await page.goto('/login');
  // The first visit builds the page on a busy machine: give it time.
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
  await login.signIn();
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
}

async function openDrawer(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
}

const header = (page: Page) => page.locator('.shell-header');

test('each of the 13 themes dresses the shell its own way, passes axe contrast, and outlives a reload', async ({ page }) => {
  test.setTimeout(480_000);
  await signIn(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');

  for (const name of THEME_NAMES) {
    const theme = THEMES[name];
    await openDrawer(page);
    await page.getByTestId('settings-drawer').getByTestId(`theme-${name}`).check();
    await closeDrawer(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', name);
    // What sets the themes apart: header and sidebar (each pair is unique, see themes.test.ts).
    await expect(header(page)).toHaveCSS('background-color', rgb(theme.headerBg));
    await expect(header(page).locator('.shell-title')).toHaveCSS('color', rgb(theme.headerText));
    await expect(page.getByTestId('sidebar')).toHaveCSS('background-color', rgb(theme.siderBg));
    await expect(page.locator('.shell-tabs')).toHaveCSS('background-color', rgb(theme.tabsBg));
    await expectNoSeriousViolations(page, `the dashboard in the ${name} theme`);
    await page.screenshot({ path: `e2e/artifacts/screens/theme-${name}-zh.png`, animations: 'disabled' });
  }

  await page.reload();
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'mac-os');
  await expect(header(page)).toHaveCSS('background-color', rgb(THEMES['mac-os'].headerBg));
});

test('the brand colour follows the picker, darkened where text sits on it, and is kept', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--macro-primary').trim());
  const before = await primary();
  // #409EFF is the chosen default; on screen it is the darker shade that reaches AA.
  await expect(page.getByTestId('color-picker')).toHaveAccessibleName(/#409EFF/);
  expect(before).not.toBe('#409EFF');

  await page.getByTestId('color-picker').click();
  await page.locator('.ant-color-picker-presets-color').nth(2).click();
  await expect(page.getByTestId('color-picker')).toHaveAccessibleName(/#FF5C00/);
  await page.keyboard.press('Escape');
  const orange = await primary();
  expect(orange).not.toBe(before);
  await expectNoSeriousViolations(page, 'the dashboard in orange');

  await page.reload();
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('color-picker')).toHaveAccessibleName(/#FF5C00/);
  expect(await primary()).toBe(orange);
});

test('every switch of the settings drawer changes the shell at once and is kept after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await openDrawer(page);
  const drawer = page.getByTestId('settings-drawer');
  await page.screenshot({ path: 'e2e/artifacts/screens/settings-drawer-zh.png', animations: 'disabled' });

  // Horizontal navigation: the menu moves into the header, the sidebar and its fold button go.
  await drawer.getByTestId('setting-horizontal').click();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(header(page).getByTestId('header-menu')).toBeVisible();
  await expect(header(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect(page.getByTestId('collapse-toggle')).toHaveCount(0);
  await drawer.getByTestId('setting-vertical').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('header-menu')).toHaveCount(0);

  const hides = { showTags: 'tab-strip', showCollapse: 'collapse-toggle', showFullscreen: 'fullscreen-toggle', showTheme: 'theme-button', showColor: 'color-picker' };
  for (const [flag, testId] of Object.entries(hides)) {
    await expect(page.getByTestId(testId)).toBeVisible();
    await drawer.getByTestId(`setting-${flag}`).click();
    await expect(page.getByTestId(testId)).toHaveCount(0);
  }
  // The top menu: first-level menus in the header.
  await drawer.getByTestId('setting-showTopMenu').click();
  await expect(page.getByTestId('top-menu').getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  // Search, feedback and debug log show or hide their buttons in the header; lock its action in the user menu.
  const buttons = { showSearch: 'menu-search-open', showFeedback: 'feedback-button', showDebug: 'log-button' };
  for (const [flag, testId] of Object.entries(buttons)) {
    await expect(header(page).getByTestId(testId)).toBeVisible();
    await drawer.getByTestId(`setting-${flag}`).click();
    await expect(drawer.getByTestId(`setting-${flag}`)).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId(testId)).toHaveCount(0);
  }
  await drawer.getByTestId('setting-showLock').click();
  await expect(drawer.getByTestId('setting-showLock')).toHaveAttribute('aria-checked', 'false');
  await closeDrawer(page);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('change-password')).toBeVisible();
  await expect(page.getByTestId('lock-screen')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const stored = () =>
    page.evaluate(() => JSON.parse(window.localStorage.getItem('macro-setting') ?? 'null') as { type: string; content: Record<string, unknown> });
  expect(await stored()).toMatchObject({
    type: 'local',
    content: { showTags: false, showSearch: false, showFeedback: false, showDebug: false, showLock: false, showTopMenu: true },
  });

  await page.reload();
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('top-menu')).toBeVisible();
  for (const testId of [...Object.values(hides), ...Object.values(buttons)]) await expect(page.getByTestId(testId)).toHaveCount(0);
  await openDrawer(page);
  await expect(drawer.getByTestId('setting-showLock')).toHaveAttribute('aria-checked', 'false');
  await expect(drawer.getByTestId('setting-showTags')).toHaveAttribute('aria-checked', 'false');

  await drawer.getByTestId('settings-reset').click();
  await expect(page.getByTestId('tab-strip')).toBeVisible();
  for (const testId of Object.values(buttons)) await expect(header(page).getByTestId(testId)).toBeVisible();
  await expect(page.getByTestId('collapse-toggle')).toBeVisible();
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
});

test('the settings drawer in English, and horizontal navigation as a picture', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await switchLanguage(page, 'en');
  await openDrawer(page);
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer.getByText('Display settings')).toBeVisible();
  await expectNoSeriousViolations(page, 'the settings drawer');
  await page.screenshot({ path: 'e2e/artifacts/screens/settings-drawer-en.png', animations: 'disabled' });
  await drawer.getByTestId('setting-horizontal').click();
  await drawer.getByTestId('theme-dark').check();
  await closeDrawer(page);
  await expect(page.getByTestId('header-menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'horizontal navigation in the dark theme');
  await page.screenshot({ path: 'e2e/artifacts/screens/shell-horizontal-en.png', animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await openDrawer(page);
  await page.screenshot({ path: 'e2e/artifacts/screens/settings-drawer-en-375.png', animations: 'disabled' });
});
