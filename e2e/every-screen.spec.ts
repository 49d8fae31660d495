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

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Requests the page has sent and not yet seen answered. */
function inFlight(page: Page) {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * A page has arrived when its tab shows content, nothing is loading or busy, and no request is
 * open (without networkidle's half second of silence per screen).
 */
async function settled(page: Page, open: () => number) {
  await expect(page.locator('.shell-content > :not([hidden])').first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => open() + (await page.locator('.page-loading, .ant-spin-spinning, [aria-busy="true"]').count()), { timeout: 15_000 }).toBe(0);
}

// One pass over every screen per width: the menus grow with the product, the test with them.
// The two widths are independent and the longest tests of the run: they may go to two workers.
test.describe.configure({ timeout: 900_000, mode: 'parallel' });

for (const size of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const) {
  test(`every screen of the sidebar opens without an error and passes axe at ${size.width}px`, async ({ page, request }) => {
    const api = await adminApi(request);
    const screens = pagesOf(await api.get<Route[]>('/api/macro-system/menu/routes'));
    expect(screens.length).toBeGreaterThan(30);

    const open = inFlight(page);
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
      await settled(page, open);
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
      // The console's own navigation, as a menu click makes it: one boot of the page, and axe
      // stays loaded in it.
      await page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      // The tab strip names the browser tab after the page it shows: the new page is there.
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(screen.name)} - `));
      await settled(page, open);
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
