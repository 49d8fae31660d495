import { expect, test } from '@playwright/test';
import { DictPage } from './pages/dict.ts';
import { LoginPage } from './pages/login.ts';
import { expectNoSeriousViolations, seriousViolations } from './support/axe.ts';
import { describeFocus, tabTo } from './support/keyboard.ts';
import { screenshot } from './support/screens.ts';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

// Each test walks several screens and runs axe on each: give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const size of SIZES) {
  test(`axe finds no serious or critical violation on the kit's screens at ${size.width}px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const login = new LoginPage(page);
    await login.open();
    await expectNoSeriousViolations(page, 'the sign-in page');

    await login.signIn();
    await expect(page.getByTestId('welcome-page')).toBeVisible();
    await expectNoSeriousViolations(page, 'the welcome page');
    // Nothing runs off the side: the page never scrolls sideways, the header's last button included.
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    const user = await page.getByTestId('user-menu').boundingBox();
    expect((user?.x ?? 0) + (user?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(size.width);
    if (size.width < 768) {
      // On a phone the menu is a drawer behind the menu button.
      const toggle = page.getByTestId('collapse-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the menu drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeHidden();
    }

    await page.goto('/controller/dictionaries');
    const dict = new DictPage(page);
    await expect(dict.row(dict.parents(), 'CompanyNature')).toBeVisible();
    await dict.select('CompanyNature');
    await expect(dict.row(dict.children(), '国有企业')).toBeVisible();
    await expectNoSeriousViolations(page, 'the dictionary screen');
    expect(await sideways()).toBe(0);

    await page.getByTestId('dict-child-add').click();
    await expect(dict.dialog()).toBeVisible();
    await dict.save();
    await expect(dict.dialog().getByText('请输入字典键值')).toBeVisible();
    await expectNoSeriousViolations(page, 'the dictionary dialog with its messages');

    // Two search forms and the dialog share field names; every id is still unique, and each
    // label focuses its own box.
    const duplicates = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll('[id]'), (el) => el.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicates).toEqual([]);
    await dict.dialog().locator('label', { hasText: '字典名称' }).click();
    await expect(dict.dialog().getByTestId('dict-field-dictValue')).toBeFocused();
  });
}

test('a keyboard-only user signs in, chooses a dictionary, and leaves a half-filled dialog safely', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-account')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type('Admin@123456');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  // Signed in, focus is on the page itself; the skip link, sidebar, top bar and tabs come before it.
  await expect(page.locator('#main-content')).toBeFocused();

  // The sidebar: one tab stop, arrows to move, Enter to open the folder and the page.
  await tabTo(page, (focus) => focus.includes('side-menu'), { back: true });
  const activeMenuItem = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      const active = focused?.getAttribute('aria-activedescendant');
      return ((active ? document.getElementById(active) : focused)?.textContent ?? '').trim();
    });
  // Down to the system folder (the home page's entry comes first), Enter opens it.
  // Each arrow is pressed once the menu has answered the one before (a key sent mid-render is lost).
  const arrowDownTo = (label: RegExp) =>
    expect
      .poll(
        async () => {
          const current = await activeMenuItem();
          if (!label.test(current)) await page.keyboard.press('ArrowDown');
          return current;
        },
        { timeout: 20_000 },
      )
      .toMatch(label);
  await arrowDownTo(/^系统管理/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: '字典管理' })).toBeVisible();
  // Down through the folder's pages to the dictionaries, wherever they sit in it.
  await arrowDownTo(/^字典管理$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/controller\/dictionaries$/);
  // The page opened takes the focus: Tab goes on into it.
  await expect(page.locator('#main-content')).toBeFocused();

  const dict = new DictPage(page);
  await expect(dict.row(dict.parents(), 'CompanyNature')).toBeVisible();
  await tabTo(page, (focus) => focus.startsWith('TR') && focus.includes('CompanyNature'));
  await expect(dict.row(dict.parents(), 'CompanyNature')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dict.row(dict.parents(), 'CompanyNature')).toHaveAttribute('aria-current', 'true');
  await expect(dict.row(dict.children(), '国有企业')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/screens/dict-keyboard-focus.png', animations: 'disabled' });
  // Space chooses too.
  await tabTo(page, (focus) => focus.startsWith('TR') && focus.includes('DepartmentNature'));
  await page.keyboard.press(' ');
  await expect(dict.row(dict.parents(), 'DepartmentNature')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('dict-child-panel')).toContainText('部门性质');

  await tabTo(page, (focus) => focus.includes('dict-child-add'));
  await page.keyboard.press('Enter');
  await expect(dict.dialog()).toBeVisible();
  await tabTo(page, (focus) => focus.includes('dict-field-dictKey'));
  await page.keyboard.type('draft');

  // Esc asks first; the question opens on "keep editing", so Esc or Enter there keeps the work.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: '放弃未保存的修改？' });
  await expect(question).toBeVisible();
  await expect(page.getByTestId('dict-dialog-keep')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dict.dialog().getByTestId('dict-field-dictKey')).toHaveValue('draft');

  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await describeFocus(page)).toContain('dict-dialog-discard');
  await page.keyboard.press('Enter');
  await expect(dict.dialog()).toBeHidden();
  await expect(question).toBeHidden();
});

test('Tab goes through the console in the order it is seen: skip link, header, sidebar, tabs, page', async ({ page }) => {
  await new LoginPage(page).open();
  await new LoginPage(page).signIn('admin', 'Admin@123456');
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  // Signed in, the page has the focus. Going back from it with Shift+Tab, each stop lands in a
  // region; consecutive stops in one region count once: the reverse of the forward order.
  await expect(page.locator('#main-content')).toBeFocused();
  const regionOfFocus = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'none';
      if (el.closest('.skip-link')) return 'skip link';
      if (el.closest('.shell-header')) return 'header';
      if (el.closest('.shell-sider')) return 'sidebar';
      if (el.closest('.shell-tabs')) return 'tabs';
      if (el.closest('#main-content')) return 'page';
      return `elsewhere: ${el.tagName}`;
    });
  const regions: string[] = ['page'];
  for (let i = 0; i < 40 && regions[0] !== 'skip link'; i++) {
    await page.keyboard.press('Shift+Tab');
    const region = await regionOfFocus();
    if (regions[0] !== region) regions.unshift(region);
  }
  // And forward again from the skip link, Tab reaches the header first.
  await page.keyboard.press('Tab');
  expect(await regionOfFocus()).toBe('header');
  expect(regions).toEqual(['skip link', 'header', 'sidebar', 'tabs', 'page']);
});

test('the axe check itself reports a missing alt text and faint text planted in the page', async ({ page }) => {
  await new LoginPage(page).open();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const picture = document.createElement('img');
    picture.src = '/planted.png';
    const faint = document.createElement('p');
    faint.textContent = 'faint';
    faint.style.color = '#eee';
    faint.style.background = '#fff';
    document.body.append(picture, faint);
  });
  const found = (await seriousViolations(page)).join('\n');
  expect(found).toMatch(/critical image-alt: .*planted\.png/);
  expect(found).toMatch(/serious color-contrast: .*body > p/);
});
