import { expect, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot } from './support/screens.ts';

test('an administrator creates a project and a role in it, and cannot remove the project while it has roles', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('系统管理', '项目管理');
  await expect(page).toHaveURL(/\/controller\/project$/);

  await page.getByTestId('project-add').click();
  const dialog = page.getByTestId('project-dialog');
  await dialog.getByTestId('project-field-projectName').fill('档案数字化');
  await dialog.getByTestId('project-field-projectCode').fill('DIGI_E2E');
  await dialog.getByTestId('project-field-startDate').fill('2026-05-02');
  await dialog.getByTestId('project-field-endDate').fill('2026-05-01');
  await page.getByTestId('project-dialog-save').click();
  await expect(dialog.getByText('结束日期不能早于开始日期')).toBeVisible();
  await dialog.getByTestId('project-field-endDate').fill('2026-12-31');
  await page.getByTestId('project-dialog-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('project-table').getByRole('row', { name: /DIGI_E2E/ });
  await expect(row).toContainText('进行中');
  await expectNoSeriousViolations(page, 'the project screen');
  await screenshot(page, { path: 'e2e/artifacts/screens/projects-zh-1440.png', animations: 'disabled' });

  await new Shell(page).openMenu('系统管理', '项目角色');
  await page.getByTestId('project-role-add').click();
  const roleDialog = page.getByTestId('project-role-dialog');
  await roleDialog.getByTestId('project-role-field-projectId').click();
  await page.locator('.ant-select-item-option', { hasText: '档案数字化' }).click();
  await roleDialog.getByTestId('project-role-field-roleName').fill('项目经理');
  await roleDialog.getByTestId('project-role-field-roleAlias').fill('pm');
  await page.getByTestId('project-role-dialog-save').click();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByTestId('project-role-table').getByRole('row', { name: /项目经理/ })).toContainText('档案数字化');
  await expectNoSeriousViolations(page, 'the project role screen');
  await screenshot(page, { path: 'e2e/artifacts/screens/project-roles-zh-1440.png', animations: 'disabled' });

  await new Shell(page).openMenu('系统管理', '项目管理');
  await clickRowAction(row, '删除');
  await page.getByTestId('project-remove-confirm').click();
  await expect(page.getByText('项目“档案数字化”还有角色，请先删除角色')).toBeVisible();
  await expect(row).toBeVisible();

  await switchLanguage(page, 'en');
  await expect(row).toContainText('Running');
  await screenshot(page, { path: 'e2e/artifacts/screens/projects-en-1440.png', animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the project screen at 375px');
  await screenshot(page, { path: 'e2e/artifacts/screens/projects-en-375.png', animations: 'disabled' });
});
