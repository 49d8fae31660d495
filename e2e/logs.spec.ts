import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot } from './support/screens.ts';

const SHOTS = 'e2e/artifacts/screens';

// Each test signs in, walks several screens and takes screenshots on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

/** An image whose address answers 404, as a page with a broken picture has. */
async function addBrokenImage(page: Page) {
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/no-such-picture.png';
    image.alt = 'broken';
    image.width = 40;
    image.height = 40;
    image.dataset.testid = 'broken-image';
    document.querySelector('[data-testid="welcome-page"]')?.append(image);
  });
  await expect(page.getByTestId('broken-image')).toHaveJSProperty('complete', true);
}

test('an error thrown in the page reaches the log dialog, is uploaded and is found on the log screen', async ({ page }) => {
  await signInAsAdmin(page);
  const marker = `E2E boom ${Date.now()}`;
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
    void Promise.reject(new Error(`${message} (rejected)`));
  }, marker);

  await page.getByTestId('log-button').click();
  const dialog = page.getByTestId('log-dialog');
  await expect(dialog.getByText(marker, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${marker} (rejected)`, { exact: true })).toBeVisible();
  await expect(dialog.getByText('unhandledrejection')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/log-dialog-zh-1440.png`, animations: 'disabled' });

  await dialog.getByTestId('log-upload').click();
  await page.getByTestId('log-upload-confirm').click();
  await expect(page.getByText('发送成功')).toBeVisible();
  await expect(dialog.getByText('没有错误日志')).toBeVisible();
  await page.keyboard.press('Escape');

  // Another error, cleared locally instead: asked first (cancel keeps it), then gone, never sent.
  const local = `${marker} local`;
  await page.evaluate((message) => void Promise.reject(new Error(message)), local);
  await page.getByTestId('log-button').click();
  await expect(dialog.getByText(local, { exact: true })).toBeVisible();
  await dialog.getByTestId('log-clear').click();
  await expect(page.getByText('确定清空本地的错误日志吗？')).toBeVisible();
  await page
    .getByRole('button', { name: /^取\s*消$/ })
    .last()
    .click();
  await expect(dialog.getByText(local, { exact: true })).toBeVisible();
  await dialog.getByTestId('log-clear').click();
  await page.getByTestId('log-clear-confirm').click();
  await expect(page.getByText('清空成功')).toBeVisible();
  await expect(dialog.getByText('没有错误日志')).toBeVisible();
  await page.keyboard.press('Escape');

  await new Shell(page).openMenu('系统管理', '日志管理');
  const list = page.getByTestId('log-page');
  await expect(list.getByText(marker, { exact: true })).toBeVisible();
  await expect(list.getByText(`${marker} (rejected)`, { exact: true })).toBeVisible();
  await expect(list.getByText(local, { exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the log screen');
  await screenshot(page, { path: `${SHOTS}/log-page-zh-1440.png`, animations: 'disabled' });

  // The sign-in tab shows this session's sign-in; the audit tab the upload.
  await page.getByTestId('log-tab-login').click();
  await expect(list.getByText('login', { exact: true }).first()).toBeVisible();
  await page.getByTestId('log-tab-audit').click();
  await expect(list.getByText('upload', { exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the audit log tab');

  await switchLanguage(page, 'en');
  await page.getByTestId('log-tab-error').click();
  await expect(page.getByRole('tab', { name: 'Error logs' })).toBeVisible();
  await expect(list.getByText(marker, { exact: true })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/log-page-en-1440.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(list.getByText(marker, { exact: true })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/log-page-en-375.png`, animations: 'disabled' });
  await switchLanguage(page, 'zh');
  await expect(page.getByRole('tab', { name: '错误日志' })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/log-page-zh-375.png`, animations: 'disabled' });

  // One entry deleted and then the whole tab cleared, each after a question; the audit log has both.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('log-tab-error').click();
  const errors = page.getByTestId('log-error-table');
  const rejected = errors.locator('tbody tr.ant-table-row').filter({ hasText: `${marker} (rejected)` });
  await clickRowAction(rejected, /^删\s*除$/);
  await expect(page.getByText('确定删除这条日志吗？')).toBeVisible();
  await page.getByTestId('log-remove-confirm').click();
  await expect(rejected).toHaveCount(0);
  await expect(errors.getByText(marker, { exact: true })).toBeVisible();
  await page.getByTestId('log-error-clear').click();
  await expect(page.getByText('确定清空全部错误日志吗？此操作会记入审计日志。')).toBeVisible();
  await page.getByTestId('log-clear-all-confirm').click();
  await expect(errors.getByText(marker, { exact: true })).toHaveCount(0);
  await page.getByTestId('log-tab-audit').click();
  const audit = page.getByTestId('log-audit-table');
  await expect(audit.getByText('clear', { exact: true }).first()).toBeVisible();
  await expect(audit.getByText('delete', { exact: true }).first()).toBeVisible();
});

test('feedback with a screenshot of a page holding a broken image is submitted and listed', async ({ page }) => {
  await signInAsAdmin(page);
  await addBrokenImage(page);
  const text = `保存按钮点了没有反应 ${Date.now()}`;

  const feedback = page.getByTestId('feedback-button');
  await expect(feedback).toHaveAccessibleName('意见反馈（附当前页面截图）');
  // The header may re-render under a resting pointer (the welcome page is still loading its
  // widgets), and a re-rendered button never sees the mouse enter: leave and come back until
  // the tooltip shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await feedback.hover();
    await expect(page.getByRole('tooltip')).toContainText('意见反馈', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await feedback.click();
  const dialog = page.getByTestId('feedback-dialog');
  await expect(dialog).toBeVisible();
  // The capture finishes despite the broken image: a JPEG preview, not the failure notice.
  const shot = dialog.getByTestId('feedback-image');
  await expect(shot).toBeVisible({ timeout: 30_000 });
  expect(await shot.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
  await dialog.getByTestId('feedback-text').fill(text);
  await screenshot(page, { path: `${SHOTS}/feedback-dialog-zh-1440.png`, animations: 'disabled' });
  await dialog.getByTestId('feedback-submit').click();
  await expect(page.getByText('反馈提交成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await new Shell(page).openMenu('系统管理', '意见反馈');
  const row = page.getByTestId('feedback-page').getByRole('row', { name: new RegExp(text) });
  await expect(row).toBeVisible();
  await row.getByText('查看').click();
  await expect(page.getByTestId('feedback-page-image')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/feedback-page-zh-1440.png`, animations: 'disabled' });
});
