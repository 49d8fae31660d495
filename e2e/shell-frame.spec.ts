import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './pages/login.ts';
import { adminApi } from './support/api.ts';

const LINK = 'https://example.com/report';
const CODE = 'e2e:frame';

test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  const menus = await api.get<{ id: number; code: string }[]>('/api/macro-system/menu/list');
  const made = menus.filter((m) => m.code === CODE);
  if (made.length) await api.post(`/api/macro-system/menu/remove?ids=${made.map((m) => m.id).join(',')}`, {});
});

test('a menu entry that is a link opens in the frame page as a tab of its own; any other address is refused and gets no tab', async ({ page, request }) => {
  const api = await adminApi(request);
  // The creator's administrator role holds every menu, the new one too.
  await api.post('/api/macro-system/menu/submit', { name: '外部报表', code: CODE, path: LINK, sort: 90 });
  await signInAsAdmin(page);
  const menu = page.getByTestId('side-menu').getByRole('menuitem', { name: '外部报表' });
  await menu.click();
  await expect(page).toHaveURL(`/iframe?src=${encodeURIComponent(LINK)}`);
  await expect(page.getByTestId('frame-page')).toHaveAttribute('src', LINK);
  const tabs = page.getByTestId('tab-strip');
  await expect(tabs).toContainText('外部报表');
  await expect(page).toHaveTitle(/^外部报表 - /);

  // Addresses that are not menu links (nor of a configured origin) are not framed, and open no tab.
  for (const refused of ['javascript:alert(1)', 'https://evil.example/steal', '/wel/index']) {
    await page.goto(`/iframe?src=${encodeURIComponent(refused)}`);
    await expect(page.getByText('链接地址无效')).toBeVisible();
    await expect(page.getByTestId('frame-page')).toHaveCount(0);
    await expect(tabs).not.toContainText(refused);
  }
  await expect(tabs.getByText('外部报表')).toHaveCount(1);
});
