import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { GEOCODER_PORT } from './support/slot.ts';
import { screenshot } from './support/screens.ts';

/** The place search stand-in (Nominatim-style) the server points the map picker at: GEOCODER_PORT. */
let geocoder: Server;
test.beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const q = new URL(request.url ?? '/', 'http://stand-in').searchParams.get('q') ?? '';
    const hits = Array.from({ length: 12 }, (_, i) => ({
      lat: String(39.9 + i / 100),
      lon: String(116.39 + i / 100),
      name: `${q} ${i + 1}`,
      display_name: `${q} ${i + 1}, 东城区, 北京市, 中国`,
    }));
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    // The picker asks for 10; the stand-in answers with what it was asked for.
    const limit = Number(new URL(request.url ?? '/', 'http://stand-in').searchParams.get('limit') ?? 50);
    response.end(JSON.stringify(hits.slice(0, limit)));
  });
  await new Promise<void>((resolve) => geocoder.listen(GEOCODER_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

// The machine the tests share is often busy: room for slow pages.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });

async function choose(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('[data-testid="widgets-page"] input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

test('file preview shows images, video and pdf, and closes on other types', async ({ page }) => {
  await signInAsAdmin(page, '/wel/widgets');
  await expect(page.getByTestId('widgets-page')).toBeVisible({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');

  for (const [name, mime, buffer] of [
    ['seal.png', 'image/png', PNG],
    ['anim.gif', 'image/gif', GIF],
    ['photo.jpg', 'image/jpeg', PNG],
    ['photo2.jpeg', 'image/jpeg', PNG],
  ] as const) {
    await choose(page, name, mime, buffer);
    await expect(dialog.getByTestId('file-preview-image')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: /close|关闭/i }).click();
    await expect(dialog).toBeHidden();
  }
  // A real image really renders.
  await choose(page, 'seal.png', 'image/png', PNG);
  await expect.poll(() => dialog.getByTestId('file-preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await choose(page, 'clip.mp4', 'video/mp4', Buffer.from('not really a video'));
  await expect(dialog.getByTestId('file-preview-video')).toBeVisible();
  await expect(dialog.getByTestId('file-preview-video')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');

  await choose(page, 'contract.pdf', 'application/pdf', PDF);
  await expect(dialog.getByTestId('file-preview-pdf')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/widgets-preview-pdf-zh.png' });
  // The browser's PDF viewer may hold the focus (and its keys), and takes it back once its document has
  // loaded; from the dialog's own controls Escape closes it.
  await expect(async () => {
    await dialog.getByRole('button', { name: /close|关闭/i }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Another type: the dialog says so and closes by itself.
  await choose(page, 'notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK'));
  await expect(page.getByTestId('file-preview-unsupported')).toHaveText('该类型的文件无法预览');
  await expect(dialog).toBeHidden();
});

test('area selector reads a string or an array, loads levels from the server and emits a joined string', async ({ page }) => {
  await signInAsAdmin(page, '/wel/widgets');
  await expect(page.getByTestId('widgets-page')).toBeVisible({ timeout: 30_000 });
  // Given as a string: the names of all three levels show (each level read from the server).
  const fromString = page.locator('.widgets-area-string');
  await expect(fromString).toContainText('广东省');
  await expect(fromString).toContainText('深圳市');
  await expect(fromString).toContainText('南山区');
  // Given as an array.
  const fromArray = page.locator('.widgets-area-array');
  await expect(fromArray).toContainText('北京市');
  await expect(fromArray).toContainText('市辖区');
  await expect(page.getByTestId('widgets-area-array-value')).toContainText('[11, 1101]');

  // Choose 浙江省 / 杭州市 / 西湖区, one level at a time.
  await fromArray.click();
  const menus = page.locator('.ant-cascader-menus:visible');
  await menus.locator('.ant-cascader-menu').first().getByText('浙江省', { exact: true }).click();
  await menus.locator('.ant-cascader-menu').nth(1).getByText('杭州市', { exact: true }).click();
  await menus.locator('.ant-cascader-menu').nth(2).getByText('西湖区', { exact: true }).click();
  await expect(page.getByTestId('widgets-area-array-value')).toContainText('33,3301,330106');
  await page.keyboard.press('Escape');
  await expect(fromArray).toContainText('西湖区');
  await screenshot(page, { path: 'e2e/artifacts/widgets-page-zh-1440.png', fullPage: true });
});

test('map picker opens without reachable tiles: says so, searches (10 results), picks by click or by hand', async ({ page }) => {
  await signInAsAdmin(page, '/wel/widgets');
  await page.getByTestId('widgets-map').click();
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await expect(picker.getByTestId('map-picker-tiles')).toContainText('地图底图无法加载', { timeout: 30_000 });
  await expect(picker.locator('.leaflet-container')).toBeVisible();

  // Search: 10 results at most; choosing one fills the point.
  await picker.getByTestId('map-picker-search').locator('input').fill('天安门');
  await picker.getByTestId('map-picker-search').locator('input').press('Enter');
  await expect(picker.getByTestId('map-picker-result')).toHaveCount(10);
  await picker.getByTestId('map-picker-result').nth(2).click();
  await expect(picker.getByTestId('map-picker-name')).toHaveValue('天安门 3');
  await expect(picker.getByTestId('map-picker-longitude')).toHaveValue(/^116\.41/);

  // A click on the map moves the point there.
  const box = (await picker.getByTestId('map-picker-map').boundingBox())!;
  await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3);
  await expect(picker.getByTestId('map-picker-longitude')).not.toHaveValue(/^116\.41/);
  await screenshot(page, { path: 'e2e/artifacts/widgets-map-zh-1440.png' });

  // By hand, then confirmed: the page gets longitude, latitude, formattedAddress and name.
  await picker.getByTestId('map-picker-longitude').fill('121.4737');
  await picker.getByTestId('map-picker-latitude').fill('31.2304');
  await picker.getByTestId('map-picker-name').fill('人民广场');
  await picker.getByTestId('map-picker-address').fill('上海市黄浦区人民大道');
  await picker.getByTestId('map-picker-confirm').click();
  await expect(picker).toBeHidden();
  const point = JSON.parse(await page.getByTestId('widgets-map-json').inputValue());
  expect(point).toEqual({ longitude: 121.4737, latitude: 31.2304, name: '人民广场', formattedAddress: '上海市黄浦区人民大道' });
  await expect(page.getByTestId('widgets-map-value')).toContainText('人民广场');

  // Cancel leaves the chosen point as it was.
  await page.getByTestId('widgets-map').click();
  await picker.getByTestId('map-picker-longitude').fill('100');
  await picker.getByTestId('map-picker-cancel').click();
  await expect(picker).toBeHidden();
  expect(JSON.parse(await page.getByTestId('widgets-map-json').inputValue()).longitude).toBe(121.4737);
});

test('widgets page in English on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page, '/wel/widgets');
  await expect(page.getByTestId('widgets-page')).toContainText('省市区选择');
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('widgets-page')).toContainText('Area selector', { timeout: 30_000 });
  await expect(page.locator('.widgets-area-string')).toContainText('南山区');
  await screenshot(page, { path: 'e2e/artifacts/widgets-page-en-375.png', fullPage: true });
  await page.getByTestId('widgets-map').click();
  await expect(page.getByRole('dialog').getByTestId('map-picker-tiles')).toContainText('map tiles cannot be loaded', { timeout: 30_000 });
  await screenshot(page, { path: 'e2e/artifacts/widgets-map-en-375.png' });
});

test('a host page mounts the console without its header, menu and tabs, and unmounts it', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await page.goto('/micro-host');
  await expect(page.locator('#host-state')).toHaveAttribute('data-state', 'unmounted');
  await page.locator('#host-mount').click();
  await expect(page.locator('#host-state')).toHaveAttribute('data-state', 'mounted');
  const slot = page.locator('#host-slot');
  await expect(slot.getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/micro-host\/console\/wel\/index$/);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('tab-strip')).toHaveCount(0);
  await expect(page.getByTestId('collapse-toggle')).toHaveCount(0);
  // The console's pages work inside: the widgets page with its server calls.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/micro-host/console/wel/widgets');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(slot.locator('.widgets-area-string')).toContainText('南山区');
  await screenshot(page, { path: 'e2e/artifacts/widgets-micro-host-zh-1440.png' });

  await page.locator('#host-unmount').click();
  await expect(page.locator('#host-state')).toHaveAttribute('data-state', 'unmounted');
  await expect(slot.getByTestId('widgets-page')).toHaveCount(0);
  await expect(page.locator('#host-empty')).toBeVisible();
  // Mounted again, it comes back.
  await page.locator('#host-mount').click();
  await expect(slot.getByTestId('welcome-page').or(slot.getByTestId('widgets-page'))).toBeVisible();
});

test('a host page hands the console its token: mounted, the console signs in with it, no sign-in page shown', async ({ browser, request }) => {
  const { token } = await adminApi(request);
  // A browser that has never signed in to the console.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/micro-host?token=${encodeURIComponent(token)}`);
  await expect(page.locator('#host-token')).toHaveValue(token);
  await page.locator('#host-mount').click();
  await expect(page.locator('#host-state')).toHaveAttribute('data-state', 'mounted');
  await expect(page.locator('#host-slot').getByTestId('welcome-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('login-form')).toHaveCount(0);
  // A session of its own: the host's token is not what the console keeps.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('macro-token') ?? 'null')?.content as string | undefined);
  expect(kept).toBeTruthy();
  expect(kept).not.toBe(token);
  await page.context().close();
});
