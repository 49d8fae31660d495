import { expect, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

// The zh translations these tests make change every later spec's menu and title: gone afterwards, whatever happened.
test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  for (const [ns, key] of [
    ['menu', 'dictionaries'],
    ['shell', 'title'],
  ]) {
    const page = await api.get<{ records: { id: number; ns: string; key: string }[] }>(`/api/macro-language/lp-map?typeCode=zh&ns=${ns}&key=${key}&size=50`);
    for (const row of page.records.filter((r) => r.ns === ns && r.key === key)) await api.remove(`/api/lp-map/object/${row.id}`);
  }
});

test('platform settings: a language-pack label in the side menu, a parameter, a data item in the dictionary screen', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const shell = new Shell(page);
  const menu = page.getByTestId('side-menu');

  // Language pack: the administrator renames the dictionary menu in zh.
  await shell.openMenu('系统管理', '语言包');
  await expect(page).toHaveURL(/\/controller\/language$/);
  await page.getByTestId('translation-add').click();
  const translation = page.getByTestId('translation-dialog');
  await translation.getByTestId('translation-dialog-save').click();
  await expect(translation.getByText('请输入标记')).toBeVisible();
  await translation.getByTestId('translation-field-key').fill('dictionaries');
  await translation.getByTestId('translation-field-value').fill('数据字典表');
  await translation.getByTestId('translation-dialog-save').click();
  await expect(translation).toBeHidden();
  const row = page.getByTestId('translation-table').locator('tbody tr.ant-table-row').filter({ hasText: 'dictionaries' });
  await expect(row).toContainText('数据字典表');
  await shot(page, 'language-zh-1440');

  // On the next load every user's console merges it over the built-in label.
  await page.reload();
  // A fresh load on a busy machine takes a while: the page shows once the shell and its strings are in.
  await expect(page.getByTestId('language-page')).toBeVisible({ timeout: 30_000 });
  await expect(menu.getByRole('menuitem', { name: '数据字典表' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '字典管理', exact: true })).toHaveCount(0);

  // A parameter: the spec's required messages, then saved and listed.
  await shell.openMenu('系统管理', '参数管理');
  await page.getByTestId('param-add').click();
  const paramDialog = page.getByTestId('param-dialog');
  await paramDialog.getByTestId('param-dialog-save').click();
  await expect(paramDialog.getByText('请输入参数名称')).toBeVisible();
  await expect(paramDialog.getByText('请输入参数键名')).toBeVisible();
  await expect(paramDialog.getByText('请输入参数键值')).toBeVisible();
  await paramDialog.getByTestId('param-field-paramName').fill('上传大小上限');
  await paramDialog.getByTestId('param-field-paramKey').fill('upload.maxMb');
  await paramDialog.getByTestId('param-field-paramValue').fill('20');
  await paramDialog.getByTestId('param-dialog-save').click();
  await expect(paramDialog).toBeHidden();
  await expect(page.getByTestId('param-table').locator('tbody tr.ant-table-row').filter({ hasText: 'upload.maxMb' })).toContainText('上传大小上限');
  await shot(page, 'params-zh-1440');

  // A data item with a detail, then the same rows in the dictionary screen.
  await shell.openMenu('系统管理', '数据项');
  await page.getByTestId('data-item-add').click();
  const itemDialog = page.getByTestId('data-item-dialog');
  await itemDialog.getByTestId('data-item-field-code').fill('Colour');
  await itemDialog.getByTestId('data-item-field-dictValue').fill('颜色');
  await itemDialog.getByTestId('data-item-dialog-save').click();
  await expect(itemDialog).toBeHidden();
  await page.getByTestId('data-item-list').getByText('颜色 (Colour)').click();
  await page.getByTestId('data-item-detail-add').click();
  await itemDialog.getByTestId('data-item-field-dictKey').fill('red');
  await itemDialog.getByTestId('data-item-field-dictValue').fill('红色');
  await itemDialog.getByTestId('data-item-dialog-save').click();
  await expect(itemDialog).toBeHidden();
  await expect(page.getByTestId('data-item-details')).toContainText('红色');
  await shot(page, 'data-items-zh-1440');

  await shell.openMenu('系统管理', '数据字典表');
  const parent = page.getByTestId('dict-parent-table').locator('tbody tr.ant-table-row').filter({ hasText: 'Colour' });
  await expect(parent).toContainText('颜色');
  await parent.click();
  await expect(page.getByTestId('dict-child-table')).toContainText('红色');

  // English: the built-in label (the pack changed zh only), the screens in English.
  await switchLanguage(page, 'en');
  await expect(menu.getByRole('menuitem', { name: 'Dictionaries' })).toBeVisible();
  await shell.openMenu('System', 'Language packs');
  await expect(page.getByTestId('translation-table')).toContainText('dictionaries');
  await shot(page, 'language-en-1440');
  await shell.openMenu('System', 'Parameters');
  await expect(page.getByTestId('param-table')).toContainText('upload.maxMb');
  await shot(page, 'params-en-1440');
  await shell.openMenu('System', 'Data items');
  await page.getByTestId('data-item-list').getByText('(Colour)').click();
  await expect(page.getByTestId('data-item-details')).toContainText('红色');
  await shot(page, 'data-items-en-1440');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('data-items-page')).toBeVisible();
  await shot(page, 'data-items-en-375');
  await switchLanguage(page, 'zh');
  await page.goto('/controller/language');
  await expect(page.getByTestId('translation-table')).toContainText('数据字典表');
  await shot(page, 'language-zh-375');

  // A language added at run time: chosen in the switch, its texts over zh for what it lacks.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: '语言类型' }).click();
  await page.getByTestId('language-type-add').click();
  const typeDialog = page.getByTestId('language-type-dialog');
  await typeDialog.getByTestId('language-type-field-code').fill('ko');
  await typeDialog.getByTestId('language-type-field-name').fill('한국어');
  await typeDialog.getByTestId('language-type-dialog-save').click();
  await expect(typeDialog).toBeHidden();
  await page.getByRole('tab', { name: '译文' }).click();
  await page.getByTestId('translation-add').click();
  await translation.getByTestId('translation-field-typeCode').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(ko)' }).click();
  await translation.getByTestId('translation-field-key').fill('dictionaries');
  await translation.getByTestId('translation-field-value').fill('사전 관리');
  await translation.getByTestId('translation-dialog-save').click();
  await expect(translation).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('language-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-ko').click();
  await expect(page.getByTestId('language-switch')).toContainText('한국어');
  await expect(menu.getByRole('menuitem', { name: '사전 관리' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '参数管理' })).toBeVisible();
  await shot(page, 'language-ko-1440');
  // It stays chosen across a reload.
  await page.reload();
  await expect(menu.getByRole('menuitem', { name: '사전 관리' })).toBeVisible({ timeout: 30_000 });
  await switchLanguage(page, 'zh');
  await expect(menu.getByRole('menuitem', { name: '数据字典表' })).toBeVisible();

  // Removing the zh translation brings the built-in label back (and leaves the menu as other tests know it).
  await page.goto('/controller/language');
  const zhRow = page.getByTestId('translation-table').locator('tbody tr.ant-table-row').filter({ hasText: '数据字典表' });
  await clickRowAction(zhRow, '删除');
  await page.getByTestId('language-map-remove-confirm').click();
  await expect(zhRow).toHaveCount(0);
  await page.reload();
  await expect(menu.getByRole('menuitem', { name: '字典管理', exact: true })).toBeVisible({ timeout: 30_000 });
});

test('the console title is configurable: an administrator sets it in the language pack, every page names it', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.locator('.shell-title')).toHaveText('文件管理后台 2.0');
  await new Shell(page).openMenu('系统管理', '语言包');
  await page.getByTestId('translation-add').click();
  const translation = page.getByTestId('translation-dialog');
  await translation.getByTestId('translation-field-ns').fill('shell');
  await translation.getByTestId('translation-field-key').fill('title');
  await translation.getByTestId('translation-field-value').fill('档案管理平台 3.0');
  await translation.getByTestId('translation-dialog-save').click();
  await expect(translation).toBeHidden();

  await page.reload();
  await expect(page.locator('.shell-title')).toHaveText('档案管理平台 3.0', { timeout: 30_000 });
  await expect(page).toHaveTitle('语言包 - 档案管理平台 3.0');

  // Removed, the built-in title is back.
  const row = page.getByTestId('translation-table').locator('tbody tr.ant-table-row').filter({ hasText: '档案管理平台 3.0' });
  await clickRowAction(row, '删除');
  await page.getByTestId('language-map-remove-confirm').click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.shell-title')).toHaveText('文件管理后台 2.0', { timeout: 30_000 });
});

test('where messages go: each channel says whether it can reach the user and why not, in zh and en, on a phone too', async ({ page }) => {
  await signInAsAdmin(page, '/info/setting');
  const card = page.getByTestId('notify-card');
  // This server has no mail server, and the administrator was not synced from WeChat Work or DingTalk.
  await expect(card.getByTestId('notify-email-hint')).toHaveText('平台未配置邮件服务器，暂不能开启。');
  await expect(card.getByRole('switch', { name: '邮件' })).toBeDisabled();
  await expect(card.getByRole('switch', { name: '企业微信' })).toBeDisabled();
  await expect(card.getByTestId('notify-wecom-hint')).toContainText('不是从其通讯录同步的');
  await expectNoSeriousViolations(page, 'the notification settings');
  await shot(page, 'notify-settings-zh-1440');
  await switchLanguage(page, 'en');
  await expect(card.getByRole('switch', { name: 'E-mail' })).toBeDisabled();
  await expect(card.getByTestId('notify-email-hint')).toHaveText('No mail server is configured on this platform yet.');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the notification settings on a phone');
  await shot(page, 'notify-settings-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');
});
