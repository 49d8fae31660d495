import { expect, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

test('an asset is drafted with its rules, changed, submitted, and is read-only afterwards — in zh, en and on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('系统管理', '资产管理');
  await expect(page).toHaveURL(/\/controller\/assets$/);

  // The rules speak before anything is sent.
  await page.getByTestId('asset-add').click();
  const dialog = page.getByTestId('asset-dialog');
  await dialog.getByTestId('asset-field-assetCode').fill('E2E 1');
  await dialog.getByTestId('asset-dialog-save').click();
  await expect(dialog.getByText('资产编号只能包含字母、数字、.、- 和 _')).toBeVisible();
  await expect(dialog.getByText('请输入资产名称')).toBeVisible();
  await dialog.getByTestId('asset-field-assetCode').fill('E2E-ASSET-1');
  await dialog.getByTestId('asset-field-assetName').fill('端到端投影仪');
  await dialog.getByTestId('asset-field-quantity').fill('2');
  await dialog.getByTestId('asset-field-unitPrice').fill('1999.5');
  await dialog.getByTestId('asset-field-purchaseDate').click();
  await page.keyboard.type('2026-03-15');
  await page.keyboard.press('Enter');
  await dialog.getByTestId('asset-field-location').fill('二楼会议室');
  await expectNoSeriousViolations(page, 'the asset dialog');
  await shot(page, 'assets-dialog-zh-1440');
  await dialog.getByTestId('asset-dialog-save').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('asset-table').locator('tbody tr.ant-table-row').filter({ hasText: 'E2E-ASSET-1' });
  await expect(row).toContainText('端到端投影仪');
  await expect(row).toContainText('3,999.00');
  await expect(row).toContainText('草稿');

  // A draft changes.
  await clickRowAction(row, '编辑');
  await dialog.getByTestId('asset-field-quantity').fill('3');
  await dialog.getByTestId('asset-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('5,998.50');
  await expectNoSeriousViolations(page, 'the asset list');
  await shot(page, 'assets-zh-1440');

  // Submitted after a question; then only viewing is left.
  await clickRowAction(row, '提交');
  await expect(page.getByText('提交后资产「端到端投影仪」将不能再修改或删除，是否提交？')).toBeVisible();
  await page.getByTestId('asset-submit-confirm').click();
  await expect(row).toContainText('已提交');
  await expect(row.getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '删除', exact: true })).toHaveCount(0);
  await clickRowAction(row, '查看');
  await expect(dialog.getByTestId('asset-field-assetName')).toHaveValue('端到端投影仪');
  await expect(dialog.getByTestId('asset-field-assetName')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // English, and a phone.
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('asset-page')).toContainText('Assets');
  await expect(row).toContainText('Submitted');
  await shot(page, 'assets-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('asset-page')).toBeVisible();
  await expectNoSeriousViolations(page, 'the asset list on a phone');
  await shot(page, 'assets-en-375');
  await switchLanguage(page, 'zh');
});
