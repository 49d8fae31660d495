import { expect, type Page, test } from '@playwright/test';
import { ADMIN, LoginPage, signInAsAdmin, switchLanguage } from './pages/login.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot } from './support/screens.ts';

const SHOTS = 'e2e/artifacts/screens';
const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

// Every step loads a page anew (tabs must survive that); on a shared machine that takes a while.
test.describe.configure({ timeout: 240_000 });
const slowExpect = expect.configure({ timeout: 30_000 });

/** Goes to a path inside the running console (as a link would), without loading the page anew. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await slowExpect(page).toHaveURL((url) => url.pathname + url.search === path);
}

const tabStrip = (page: Page) => page.getByTestId('tab-strip');
const tabLabels = (page: Page) => tabStrip(page).locator('.shell-tab-link');
const activeTab = (page: Page) => tabStrip(page).locator('[aria-current="page"]');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('tabs: one per full address, refresh timing, keep-alive, close rules, kept across a reload', async ({ page }) => {
  await signInAsAdmin(page);

  // Refresh: the icon spins for 500 ms; the page is drawn again 100 ms after the click.
  await visit(page, '/wel/test');
  await slowExpect(activeTab(page)).toHaveText('测试页');
  const before = await page.getByTestId('test-rendered-at').textContent();
  const timing = await page.evaluate(async (drawnBefore) => {
    const button = document.querySelector<HTMLElement>('[data-testid="tabs-refresh"]')!;
    const spinning = () => button.querySelector('.anticon-spin') !== null;
    const drawn = () => document.querySelector('[data-testid="test-rendered-at"]')?.textContent;
    const start = performance.now();
    button.click();
    let redrawnAt = 0;
    let stoppedAt = 0;
    let spunAt = 0;
    while (performance.now() - start < 5000 && !(redrawnAt && stoppedAt)) {
      await new Promise(requestAnimationFrame);
      const now = performance.now() - start;
      if (!spunAt && spinning()) spunAt = now;
      if (!redrawnAt && drawn() && drawn() !== drawnBefore) redrawnAt = now;
      if (spunAt && !stoppedAt && !spinning()) stoppedAt = now;
    }
    return { spunAt, redrawnAt, stoppedAt };
  }, before);
  // Frames come late on a loaded machine, so only the lower bounds are exact.
  expect(timing.spunAt).toBeGreaterThan(0);
  expect(timing.redrawnAt).toBeGreaterThanOrEqual(100);
  expect(timing.stoppedAt).toBeGreaterThanOrEqual(500);
  expect(timing.stoppedAt).toBeLessThan(5000);

  // The same page with another query is another tab; the title follows the spec's rule.
  await visit(page, '/detail/create');
  await slowExpect(activeTab(page)).toHaveText('新增');
  await visit(page, '/detail/create?id=7');
  await slowExpect(activeTab(page)).toHaveText('编辑');
  await slowExpect(page.getByRole('heading', { name: '编辑' })).toBeVisible();
  await visit(page, '/query/alpha');
  await slowExpect(activeTab(page)).toHaveText('传参页: alpha');
  await slowExpect(page.getByTestId('query-value')).toHaveText('alpha');
  await visit(page, '/detail/create');
  await slowExpect(tabLabels(page)).toHaveText(['首页', '测试页', '新增', '编辑', '传参页: alpha']);

  // Keep-alive (route meta): the tabs page keeps its counter while another tab is shown.
  await visit(page, '/tabs/index');
  await page.getByTestId('tabs-counter-add').click();
  await page.getByTestId('tabs-counter-add').click();
  await slowExpect(page.getByTestId('tabs-counter')).toHaveText('2');
  await tabStrip(page).getByRole('link', { name: '测试页' }).click();
  await slowExpect(page).toHaveURL(/\/wel\/test$/);
  await tabStrip(page).getByRole('link', { name: '标签页' }).click();
  await slowExpect(page.getByTestId('tabs-counter')).toHaveText('2');
  await screenshot(page, { path: `${SHOTS}/shell-tabs-zh-1440.png` });

  // Kept across a reload of the browser page.
  await page.reload();
  await slowExpect(tabLabels(page)).toHaveText(['首页', '测试页', '新增', '编辑', '传参页: alpha', '标签页']);

  // Close the active tab: the neighbour is shown.
  await page.getByRole('button', { name: '关闭「标签页」' }).click();
  await slowExpect(page).toHaveURL(/\/query\/alpha$/);
  // Close others: the welcome tab and the current one stay.
  await page.getByTestId('tabs-menu').click();
  await page.getByTestId('tabs-close-others').click();
  await slowExpect(tabLabels(page)).toHaveText(['首页', '传参页: alpha']);
  // Close all: back to the welcome tab, which cannot be closed (the last one).
  await page.getByTestId('tabs-menu').click();
  await page.getByTestId('tabs-close-all').click();
  await slowExpect(page).toHaveURL(/\/wel\/index$/);
  await slowExpect(tabLabels(page)).toHaveText(['首页']);
  await slowExpect(tabStrip(page).locator('.shell-tab-close')).toHaveCount(0);
});

test('each shell route opens with its title; the sidebar hides where the route says so', async ({ page }) => {
  await signInAsAdmin(page);
  const routes: [string, string][] = [
    ['/wel/test', '测试页'],
    ['/wel/more', '更多'],
    ['/form-detail/index', '详情页'],
    ['/info/index', '个人信息'],
    ['/info/setting', '修改密码'],
    ['/query/beta?from=tabs', '传参页: beta'],
    ['/tabs/index', '标签页'],
    ['/detail/create', '新增'],
    ['/detail/create?id=3', '编辑'],
  ];
  for (const [path, title] of routes) {
    await visit(page, path);
    await slowExpect(activeTab(page), path).toHaveText(title);
    await slowExpect(page).toHaveTitle(`${title} - 文件管理后台 2.0`);
  }
  await page.goto('/wel');
  await slowExpect(page).toHaveURL(/\/wel\/index$/);
  // Route meta menu 0 (the detail page) and the query menu=false hide the sidebar.
  await visit(page, '/form-detail/index');
  await slowExpect(page.getByTestId('general-form-detail')).toBeVisible();
  await slowExpect(page.getByTestId('sidebar')).toHaveCount(0);
  await visit(page, '/wel/test?menu=false');
  await slowExpect(page.getByTestId('general-test')).toBeVisible();
  await slowExpect(page.getByTestId('sidebar')).toHaveCount(0);
  await visit(page, '/wel/test');
  await slowExpect(page.getByTestId('sidebar')).toBeVisible();
  // /wel/more lists the menus' pages as links.
  await visit(page, '/wel/more');
  await page.getByRole('link', { name: '系统管理 / 字典管理' }).click();
  await slowExpect(page).toHaveURL(/\/controller\/dictionaries$/);
});

test('menu search with the keyboard only: by prefix, by pinyin initials and by full pinyin', async ({ page }) => {
  await signInAsAdmin(page);
  const input = page.getByTestId('menu-search-input');
  await slowExpect(page.getByTestId('menu-search-open')).toBeVisible();
  const search = async (text: string) => {
    await page.keyboard.press('Control+k');
    await slowExpect(input).toBeFocused();
    await page.keyboard.type(text);
  };

  await search('字典');
  await slowExpect(page.getByTestId('menu-search-option').first()).toContainText('字典管理');
  await page.keyboard.press('Enter');
  await slowExpect(page).toHaveURL(/\/controller\/dictionaries$/);
  await slowExpect(page.getByTestId('menu-search')).toHaveCount(0);

  await search('zd');
  // The pinyin converter may still be on its way on a busy machine.
  await slowExpect(page.getByTestId('menu-search-option')).toHaveCount(1, { timeout: 30_000 });
  await slowExpect(page.getByTestId('menu-search-option')).toContainText('字典管理');
  await page.keyboard.press('Escape');
  await slowExpect(page.getByTestId('menu-search')).toHaveCount(0);

  // Full pinyin; arrows move between results and Enter opens the chosen one.
  await search('yonghu');
  const options = page.getByTestId('menu-search-option');
  await slowExpect(options.first()).toContainText('用户管理');
  await screenshot(page, { path: `${SHOTS}/shell-search-zh-1440.png` });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await slowExpect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await slowExpect(page).toHaveURL(/\/controller\/usermanage$/);
  // The sidebar opens the page's folder and highlights it.
  await slowExpect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toBeVisible();
  await slowExpect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toContainText('用户管理');

  // In English the labels are English: prefix, any case.
  await switchLanguage(page, 'en');
  await search('DICT');
  await slowExpect(options.first()).toContainText('Dictionaries');
  await screenshot(page, { path: `${SHOTS}/shell-search-en-1440.png` });
  await page.keyboard.press('Enter');
  await slowExpect(page).toHaveURL(/\/controller\/dictionaries$/);
});

test('personal info: the own name is changed and the user menu shows it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('change-password').click();
  await slowExpect(page).toHaveURL(/\/info\/setting$/);
  await slowExpect(page.getByTestId('password-page')).toBeVisible();

  await page.goto('/info/index');
  const name = page.getByTestId('info-name');
  await slowExpect(name).not.toHaveValue('', { timeout: 30_000 });
  await name.fill('');
  await page.getByTestId('info-submit').click();
  await slowExpect(page.getByText('请输入昵称')).toBeVisible();
  await name.fill('张管理');
  await page.getByTestId('info-email').fill('admin@example.com');
  await page.getByTestId('info-submit').click();
  await slowExpect(page.getByTestId('user-menu')).toContainText('张管理');
  await screenshot(page, { path: `${SHOTS}/shell-info-zh-1440.png` });
  // The server kept it: after a reload the page reads it back.
  await page.reload();
  await slowExpect(page.getByTestId('info-name')).toHaveValue('张管理');
  await slowExpect(page.getByTestId('info-email')).toHaveValue('admin@example.com');

  // The avatar: too large is refused in the browser; an image is stored and loads through the token cookie.
  const picker = page.getByTestId('info-page').locator('input[type=file]');
  await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await slowExpect(page.getByText('头像图片不能超过 2MB')).toBeVisible();
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await slowExpect(page.getByText('头像已更换')).toBeVisible();
  const avatar = page.getByTestId('info-avatar').locator('img');
  await slowExpect(avatar).toHaveAttribute('src', /^\/api\/macro-user\/avatar\/\d+$/);
  await slowExpect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, { path: `${SHOTS}/shell-info-zh-375.png` });
  await switchLanguage(page, 'en');
  await slowExpect(page.getByText('Edit my details')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/shell-info-en-375.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/tabs/index');
  await slowExpect(page.getByTestId('general-tabs')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/shell-tabs-en-1440.png` });
});

test.describe('on a Mac', () => {
  test.use({ userAgent: MAC_UA });

  test('the sign-in page and the social landing page load their Mac variant, and signing in works', async ({ page }) => {
    await page.goto('/authredirect?code=x&state=unknown&source=wechat_work');
    await slowExpect(page.locator('[data-variant="mac"]')).toBeVisible();
    await slowExpect(page.getByTestId('auth-redirect-error')).toBeVisible();

    await page.goto('/login');
    await slowExpect(page.getByTestId('login-page')).toHaveAttribute('data-variant', 'mac');
    await slowExpect(page.getByText('请输入密码解锁')).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/login-mac-zh-1440.png` });
    await page.setViewportSize({ width: 375, height: 740 });
    await switchLanguage(page, 'en');
    await slowExpect(page.getByText('Enter your password')).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/login-mac-en-375.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    const login = new LoginPage(page);
    await login.signIn(ADMIN.account, ADMIN.password);
    await slowExpect(page).toHaveURL(/\/wel\/index$/);
  });
});

test('at phone width the shell pages and the search still work', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page, '/detail/create?id=9');
  await slowExpect(activeTab(page)).toHaveText('编辑');
  await page.getByTestId('menu-search-open').click();
  await slowExpect(page.getByTestId('menu-search-input')).toBeFocused();
  await page.keyboard.type('zd');
  await slowExpect(page.getByTestId('menu-search-option')).toContainText('字典管理');
  await screenshot(page, { path: `${SHOTS}/shell-search-zh-375.png` });
  await page.keyboard.press('Enter');
  await slowExpect(page).toHaveURL(/\/controller\/dictionaries$/);
  await page.goto('/tabs/index');
  await slowExpect(page.getByTestId('general-tabs')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/shell-tabs-zh-375.png` });
});

test('the lock screen: a lock password is required, every page goes to /lock until it is given, even after a reload, and unlocking returns to the locked page; sign-out from there', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const lockVia = async (password: string) => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('lock-screen').click();
    const dialog = page.getByTestId('lock-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^锁\s*屏$/ }).click();
    await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
    await page.getByTestId('lock-password').fill(password);
    await dialog.getByRole('button', { name: /^锁\s*屏$/ }).click();
    await slowExpect(page).toHaveURL(/\/lock$/);
    await expect(page.getByTestId('lock-page')).toContainText('屏幕已锁定');
  };
  // Locked on the dictionaries, the console comes back to them.
  await page.goto('/controller/dictionaries');
  await slowExpect(page.getByTestId('dict-parent-table')).toBeVisible();
  await lockVia('lock-4321');
  // The password is not kept as typed.
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })))).not.toContain('lock-4321');
  // Any address, and a reload, stays on the lock screen.
  await page.goto('/system/dict');
  await slowExpect(page).toHaveURL(/\/lock$/);
  await page.reload();
  await slowExpect(page.getByTestId('lock-page')).toBeVisible();
  await expectNoSeriousViolations(page, 'the lock screen');
  await screenshot(page, { path: `${SHOTS}/lock-zh-1440.png`, animations: 'disabled' });
  // A wrong password says so and stays locked; the right one opens the console again.
  await page.getByTestId('unlock-password').fill('wrong');
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByText('锁屏密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByTestId('unlock-password').fill('lock-4321');
  await page.getByTestId('unlock-submit').click();
  await slowExpect(page).toHaveURL(/\/controller\/dictionaries$/);
  await slowExpect(page.getByTestId('dict-parent-table')).toBeVisible();
  // Locked again, the person may sign out from the lock screen instead.
  await lockVia('another-1');
  await page.getByTestId('lock-page').getByRole('button', { name: '退出登录' }).click();
  await slowExpect(page).toHaveURL(/\/login/);
  await page.goto('/wel/index');
  await slowExpect(page).toHaveURL(/\/login/);
});

test('a screen whose code cannot load shows the error page with a reload, and the next address shows its page again', async ({ page }) => {
  await signInAsAdmin(page);
  // The frame page's code is not in the browser yet: its request fails, as after a deploy.
  await page.route(/\/assets\/FramePage-[\w-]+\.js$/, (route) => route.abort('failed'));
  await visit(page, '/iframe?url=https%3A%2F%2Fexample.com');
  const failure = page.locator('.route-error');
  await slowExpect(failure).toBeVisible();
  await expect(failure.getByRole('heading', { level: 1 })).toHaveText('页面出错了');
  await expect(failure.getByRole('button', { name: '刷新页面' })).toBeVisible();
  await visit(page, '/wel/index');
  await slowExpect(page.getByTestId('welcome-page')).toBeVisible();
  await expect(failure).toHaveCount(0);
});
