import { expect, test } from '@playwright/test';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  for (const m of await api.get<{ id: number; code: string }[]>('/api/modules?code=e2econtract')) await api.remove(`/api/modules/${m.id}`);
  for (const s of await api.get<{ id: number; code: string }[]>('/api/subsystem')) if (s.code === 'e2e-oa') await api.remove(`/api/subsystem/${s.id}`);
});

test('modules and subsystems: a module with a button becomes a menu and a permission code; a subsystem groups it — in zh and en', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('系统管理', '菜单管理');
  const menuPage = page.getByTestId('menu-page');

  // A subsystem first.
  await menuPage.getByRole('tab', { name: '子系统' }).click();
  await page.getByTestId('subsystem-add').click();
  const subsystemDialog = page.getByTestId('subsystem-dialog');
  await subsystemDialog.getByTestId('subsystem-dialog-save').click();
  await expect(subsystemDialog.getByText('请输入子系统编号')).toBeVisible();
  await subsystemDialog.getByTestId('subsystem-field-code').fill('e2e-oa');
  await subsystemDialog.getByTestId('subsystem-field-name').fill('端到端办公');
  await subsystemDialog.getByTestId('subsystem-dialog-save').click();
  await expect(subsystemDialog).toBeHidden();
  const subsystemRow = page.getByTestId('subsystem-table').locator('tbody tr.ant-table-row').filter({ hasText: 'e2e-oa' });
  await expect(subsystemRow).toContainText('端到端办公');

  // A module in it, with a button (a permission code) and a column.
  await menuPage.getByRole('tab', { name: '模块' }).click();
  await page.getByTestId('module-add').click();
  const dialog = page.getByTestId('module-dialog');
  await dialog.getByTestId('module-field-name').fill('端到端合同');
  await dialog.getByTestId('module-field-code').fill('e2econtract:view');
  await dialog.getByTestId('module-field-path').fill('/e2e/contract');
  await dialog.getByTestId('module-field-subsystemId').click();
  await page.locator('.ant-select-item-option', { hasText: '端到端办公' }).click();
  await dialog.getByTestId('module-field-buttons-add').click();
  await dialog.getByTestId('module-field-buttons-0-code').fill('e2econtract:approve');
  await dialog.getByTestId('module-dialog-save').click();
  await expect(dialog.getByText('请输入按钮名称')).toBeVisible();
  await dialog.getByTestId('module-field-buttons-0-name').fill('审批');
  await dialog.getByTestId('module-field-columns-add').click();
  await dialog.getByTestId('module-field-columns-0-field').fill('amount');
  await dialog.getByTestId('module-field-columns-0-label').fill('金额');
  await expectNoSeriousViolations(page, 'the module dialog');
  await shot(page, 'modules-dialog-zh-1440');
  await dialog.getByTestId('module-dialog-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('module-table').locator('tbody tr.ant-table-row').filter({ hasText: 'e2econtract:view' });
  await expect(row).toContainText('端到端合同');
  await expect(row).toContainText('端到端办公');
  await expectNoSeriousViolations(page, 'the module list');
  await shot(page, 'modules-zh-1440');

  // The module is a menu and its button a button menu, in the menu tab.
  await menuPage.getByRole('tab', { name: '菜单管理' }).click();
  await expect(page.getByTestId('menu-table')).toContainText('端到端合同');
  await menuPage.getByRole('tab', { name: '子系统' }).click();
  await expect(subsystemRow.locator('td').nth(4)).toHaveText('1');

  // English.
  await switchLanguage(page, 'en');
  await menuPage.getByRole('tab', { name: 'Modules' }).click();
  await expect(page.getByTestId('module-table')).toContainText('Module code');
  await shot(page, 'modules-en-1440');
  await switchLanguage(page, 'zh');
  // A phone: the list stays usable and clean.
  await page.setViewportSize({ width: 375, height: 812 });
  await menuPage.getByRole('tab', { name: '模块' }).click();
  await expect(page.getByTestId('module-table')).toContainText('端到端合同');
  await expectNoSeriousViolations(page, 'the module list on a phone');
  await shot(page, 'modules-zh-375');
});
