import { expect, type Page, test } from '@playwright/test';
import { LoginPage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { tabTo } from './support/keyboard.ts';

type Route = { path: string; name: string; isOpen: boolean; children?: Route[] };

/** Every page the administrator's sidebar opens inside the console (not links to other sites). */
function pagesOf(routes: readonly Route[]): Route[] {
  return routes.flatMap((route) => (route.children?.length ? pagesOf(route.children) : route.path.startsWith('/') ? [route] : []));
}

/** A page has arrived when no route or chunk is loading any more and nothing is busy. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loading, .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

// One pass over every screen per width: the menus grow with the product, the test with them.
test.describe.configure({ timeout: 900_000 });

for (const size of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const) {
  test(`every screen of the sidebar opens without an error and passes axe at ${size.width}px`, async ({ page, request }) => {
    const api = await adminApi(request);
    const screens = pagesOf(await api.get<Route[]>('/api/macro-system/menu/routes'));
    expect(screens.length).toBeGreaterThan(30);

    const thrown: string[] = [];
    page.on('pageerror', (error) => thrown.push(`${page.url()}: ${error.message}`));
    await page.setViewportSize(size);
    await new LoginPage(page).open();
    await new LoginPage(page).signIn();
    await expect(page.getByTestId('welcome-page')).toBeVisible();

    if (size.width < 768) {
      // A list wider than the phone is a tab stop, and the arrow keys scroll it (before the tab
      // strip fills up with every screen below).
      await page.goto('/controller/project');
      await settled(page);
      const region = page.getByRole('region', { name: /表格可左右滚动/ });
      await expect(region).toHaveCount(1);
      await tabTo(page, (focus) => /^DIV .*region/.test(focus), { max: 80 });
      await expect(region).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }

    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const problems: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await settled(page);
      const label = `${screen.name} (${screen.path})`;
      if (!new URL(page.url()).pathname.startsWith(screen.path)) problems.push(`${label}: went to ${page.url()}`);
      if (await page.locator('.route-error, [data-testid^="error-"]').count()) problems.push(`${label}: shows an error page`);
      if ((await sideways()) > 0) problems.push(`${label}: scrolls sideways at ${size.width}px`);
      for (const violation of await seriousViolations(page)) problems.push(`${label}: ${violation}`);
    }
    expect(problems).toEqual([]);
    expect(thrown).toEqual([]);
  });
}
