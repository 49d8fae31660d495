import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './pages/login.ts';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const siderWidth = async (page: Page) => (await page.getByTestId('sidebar').boundingBox())?.width ?? 0;

test('the shell follows the breakpoints 768, 992 and 1200: drawer, folded sidebar, icon-only header, full header', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const userName = page.locator('.shell-user-name');
  const languageLabel = page.locator('.shell-header .language-switch-label');

  // 1200 and wider: everything, the sidebar unfolded.
  await expect(userName).toBeVisible();
  await expect(languageLabel).toBeVisible();
  expect(await siderWidth(page)).toBeGreaterThan(200);

  // 992–1199: the header keeps its icons and drops their words; the sidebar stays as chosen.
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(userName).toBeHidden();
  await expect(languageLabel).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(await siderWidth(page)).toBeGreaterThan(200);
  expect(await noSidewaysScroll(page)).toBe(true);

  // 768–991: the sidebar folds to its icons; the button unfolds it for the moment.
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(async () => expect(await siderWidth(page)).toBeLessThan(100)).toPass();
  expect(await noSidewaysScroll(page)).toBe(true);
  const toggle = page.getByTestId('collapse-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(async () => expect(await siderWidth(page)).toBeGreaterThan(200)).toPass();
  await toggle.click();
  await expect(async () => expect(await siderWidth(page)).toBeLessThan(100)).toPass();

  // Back on a wide screen, the stored choice (unfolded) holds: folding on a tablet did not change it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(async () => expect(await siderWidth(page)).toBeGreaterThan(200)).toPass();
  await expect(userName).toBeVisible();

  // Below 768: the menu is a drawer, nothing scrolls sideways.
  await page.setViewportSize({ width: 767, height: 900 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  expect(await noSidewaysScroll(page)).toBe(true);
  await toggle.click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
});
