import { expect, type Page, test } from '@playwright/test';
import { THEME_NAMES, THEMES } from '../apps/web/src/shell/theme/themes.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { screenshot } from './support/screens.ts';

/** `#RRGGBB` as the browser reports a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
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
  await signInAsAdmin(page);
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
    await screenshot(page, { path: `e2e/artifacts/screens/theme-${name}-zh.png`, animations: 'disabled' });
  }

  await page.reload();
  await expect(page.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'mac-os');
  await expect(header(page)).toHaveCSS('background-color', rgb(THEMES['mac-os'].headerBg));
});

test('the dark theme darkens the pages too: a list, its row menu and a dialog, readable (axe) in zh and en', async ({ page }) => {
  await signInAsAdmin(page);
  await openDrawer(page);
  await page.getByTestId('settings-drawer').getByTestId('theme-dark').check();
  await closeDrawer(page);
  await page.goto('/controller/usermanage');
  const panel = page.getByTestId('user-panel');
  await expect(panel.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // The card, the table's cells and the page behind them are dark; the text on them light.
  const lightness = (color: string) => {
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  };
  const cardBg = await panel.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(lightness(cardBg), `card ${cardBg}`).toBeLessThan(60);
  const cellColor = await panel
    .locator('tbody td')
    .nth(2)
    .evaluate((el) => getComputedStyle(el).color);
  expect(lightness(cellColor), `cell text ${cellColor}`).toBeGreaterThan(180);
  const bodyBg = await page.locator('#main-content').evaluate((el) => getComputedStyle(el.closest('.shell') ?? el).backgroundColor);
  expect(lightness(bodyBg), `page ${bodyBg}`).toBeLessThan(60);
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await expectNoSeriousViolations(page, 'the user list in the dark theme');
  await screenshot(page, { path: 'e2e/artifacts/screens/theme-dark-users-zh.png', animations: 'disabled' });
  // The row menu and a dialog are dark as well, and pass.
  await panel
    .locator('tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: /更多操作/ })
    .click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  expect(lightness(await menu.locator('.ant-dropdown-menu').evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(60);
  await expectNoSeriousViolations(page, 'the row menu in the dark theme');
  await page.keyboard.press('Escape');
  await page.getByTestId('user-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(
    lightness(
      await dialog
        .locator('.ant-modal-container, .ant-modal-content')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ),
  ).toBeLessThan(60);
  await expectNoSeriousViolations(page, 'a dialog in the dark theme');
  await screenshot(page, { path: 'e2e/artifacts/screens/theme-dark-dialog-zh.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'en');
  await expect(panel).toContainText('Account');
  await expectNoSeriousViolations(page, 'the user list in the dark theme, in English');
  await screenshot(page, { path: 'e2e/artifacts/screens/theme-dark-users-en.png', animations: 'disabled' });
});

test('the brand colour follows the picker, darkened where text sits on it, and is kept', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
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
  await signInAsAdmin(page);
  await openDrawer(page);
  const drawer = page.getByTestId('settings-drawer');
  await screenshot(page, { path: 'e2e/artifacts/screens/settings-drawer-zh.png', animations: 'disabled' });

  // Horizontal navigation: the menu moves into the header, the sidebar and its fold button go.
  await drawer.getByTestId('setting-horizontal').click();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(header(page).getByTestId('header-menu')).toBeVisible();
  await expect(header(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect(page.getByTestId('collapse-toggle')).toHaveCount(0);
  await drawer.getByTestId('setting-vertical').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('header-menu')).toHaveCount(0);

  const hides = {
    showTags: 'tab-strip',
    showCollapse: 'collapse-toggle',
    showFullscreen: 'fullscreen-toggle',
    showTheme: 'theme-button',
    showColor: 'color-picker',
  };
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
  await signInAsAdmin(page);
  await switchLanguage(page, 'en');
  await openDrawer(page);
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer.getByText('Display settings')).toBeVisible();
  await expectNoSeriousViolations(page, 'the settings drawer');
  await screenshot(page, { path: 'e2e/artifacts/screens/settings-drawer-en.png', animations: 'disabled' });
  await drawer.getByTestId('setting-horizontal').click();
  await drawer.getByTestId('theme-dark').check();
  await closeDrawer(page);
  await expect(page.getByTestId('header-menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'horizontal navigation in the dark theme');
  await screenshot(page, { path: 'e2e/artifacts/screens/shell-horizontal-en.png', animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await openDrawer(page);
  await screenshot(page, { path: 'e2e/artifacts/screens/settings-drawer-en-375.png', animations: 'disabled' });
});
