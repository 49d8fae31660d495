import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { createUserByApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function pickUser(page: Page, picker: ReturnType<Page['getByTestId']>, term: string, option: RegExp, { multiple = false } = {}) {
  await picker.click();
  await page.keyboard.type(term);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
  // A multiple choice stays open for more; a single one closes itself (Esc would then ask to discard the dialog).
  if (multiple) await page.keyboard.press('Escape');
}

async function pickMoment(page: Page, input: ReturnType<Page['getByTestId']>, text: string) {
  await input.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('workflow settings: a stamp with its image and members, a delegation, a special menu — in zh and en', async ({ page, request }) => {
  test.setTimeout(240_000);
  await createUserByApi(request, 'e2e_deputy', '代理人小张', 'Deputy123');
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // Stamps: the spec's required fields, the 5MB limit, then a public stamp its member may use.
  await shell.openMenu('流程中心', '签章管理');
  await expect(page).toHaveURL(/\/workflow\/stamps$/);
  await page.getByTestId('stamp-add').click();
  const stampDialog = page.getByTestId('stamp-dialog');
  await page.getByTestId('stamp-dialog-save').click();
  await expect(stampDialog.getByText('请输入签章名称')).toBeVisible();
  await expect(stampDialog.getByText('请上传签章图片')).toBeVisible();
  const file = stampDialog.locator('input[type=file]');
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
  await expect(page.getByText('图片大小不能超过5MB')).toBeVisible();
  await stampDialog.locator('input[type=file]').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: PNG });
  await expect(stampDialog.getByTestId('stamp-field-image-preview')).toBeVisible();
  await stampDialog.getByTestId('stamp-field-stampName').fill('财务专用章');
  await stampDialog.getByText('公共签章').click();
  await stampDialog.getByTestId('stamp-field-password').fill('seal1234');
  await pickUser(page, stampDialog.getByTestId('stamp-field-memberIds'), '小张', /代理人小张/, { multiple: true });
  await expectNoSeriousViolations(page, 'the stamp dialog');
  await page.getByTestId('stamp-dialog-save').click();
  await expect(stampDialog).toBeHidden();
  const stampRow = page.getByTestId('stamp-table').locator('tbody tr.ant-table-row').filter({ hasText: '财务专用章' });
  await expect(stampRow).toContainText('公共签章');
  await expect(stampRow).toContainText('已启用');
  await clickRowAction(stampRow, '设为默认');
  await expect(stampRow).toContainText('默认');
  await expect(stampRow.getByRole('img')).toBeVisible();
  await expectNoSeriousViolations(page, 'the stamp screen');
  await shot(page, 'stamps-zh-1440');

  // Delegates: required fields, nobody delegates to themselves, then a delegation to the deputy.
  await shell.openMenu('流程中心', '流程委托');
  await expect(page).toHaveURL(/\/workflow\/delegates$/);
  await page.getByTestId('delegate-add').click();
  const delegateDialog = page.getByTestId('delegate-dialog');
  await page.getByTestId('delegate-dialog-save').click();
  await expect(delegateDialog.locator('.ant-form-item-explain-error', { hasText: '请选择开始时间' })).toBeVisible();
  await expect(delegateDialog.locator('.ant-form-item-explain-error', { hasText: '请选择被委托人' })).toBeVisible();
  await pickMoment(page, delegateDialog.getByTestId('delegate-field-startTime'), '2031-01-10 09:00');
  await pickMoment(page, delegateDialog.getByTestId('delegate-field-endTime'), '2031-01-01 18:00');
  await pickUser(page, delegateDialog.getByTestId('delegate-field-entrustedUserId'), '管理', /admin/);
  await page.getByTestId('delegate-dialog-save').click();
  await expect(delegateDialog.getByText('结束时间不能早于开始时间')).toBeVisible();
  await delegateDialog.getByTestId('delegate-field-endTime').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2031-01-20 18:00');
  await page.keyboard.press('Enter');
  await page.getByTestId('delegate-dialog-save').click();
  await expect(page.getByText('不能委托给自己')).toBeVisible();
  await pickUser(page, delegateDialog.getByTestId('delegate-field-entrustedUserId'), '小张', /代理人小张/);
  await delegateDialog.getByTestId('delegate-field-processKeys').click();
  await page.keyboard.type('leave');
  await page.keyboard.press('Enter');
  await page.getByTestId('delegate-dialog-save').click();
  await expect(delegateDialog).toBeHidden();
  const delegateRow = page.getByTestId('delegate-table').locator('tbody tr.ant-table-row').filter({ hasText: '代理人小张' });
  await expect(delegateRow).toContainText('2031-01-10 09:00');
  await expect(delegateRow).toContainText('leave');
  await expect(delegateRow).toContainText('未开始');
  await expectNoSeriousViolations(page, 'the delegate screen');
  await shot(page, 'delegates-zh-1440');

  // Special menus: name, code and one template required.
  await shell.openMenu('流程中心', '特殊菜单');
  await expect(page).toHaveURL(/\/workflow\/special-menus$/);
  await page.getByTestId('special-menu-add').click();
  const menuDialog = page.getByTestId('special-menu-dialog');
  await page.getByTestId('special-menu-dialog-save').click();
  await expect(menuDialog.getByText('请选择一个流程模板')).toBeVisible();
  await menuDialog.getByTestId('special-menu-field-menuName').fill('请假申请');
  await menuDialog.getByTestId('special-menu-field-menuCode').fill('leave-apply');
  await menuDialog.getByTestId('special-menu-field-templateKey').fill('leave');
  await page.getByTestId('special-menu-dialog-save').click();
  await expect(menuDialog).toBeHidden();
  await expect(page.getByTestId('special-menu-table').locator('tbody tr.ant-table-row').filter({ hasText: '请假申请' })).toContainText('leave-apply');
  await expectNoSeriousViolations(page, 'the special menu screen');
  await shot(page, 'special-menus-zh-1440');

  // English, and a phone's width.
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('special-menu-page')).toContainText('Special menus');
  await shot(page, 'special-menus-en-1440');
  await shell.openMenu('Workflow', 'Delegates');
  await expect(delegateRow).toContainText('Not started');
  await shot(page, 'delegates-en-1440');
  await shell.openMenu('Workflow', 'Stamps');
  await expect(stampRow).toContainText('Public');
  await expect(stampRow).toContainText('Default');
  await shot(page, 'stamps-en-1440');
  await clickRowAction(stampRow, 'Edit');
  await expect(stampDialog.getByTestId('stamp-field-image-preview')).toBeVisible();
  await expect(stampDialog).toContainText('代理人小张');
  await shot(page, 'stamp-dialog-en-1440');
  await page.keyboard.press('Escape');
  await expect(stampDialog).toBeHidden();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the stamp screen at 375px');
  await shot(page, 'stamps-en-375');
});
