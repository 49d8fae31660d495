import { expect, test } from '@playwright/test';
import { clickRowAction, rowActionNames } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { createUserByApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);

test('the monitor suspends a running process after asking, resumes it, and assigns its task to another approver', async ({ page, request }) => {
  test.setTimeout(180_000);
  await createUserByApi(request, `e2e_mon_${stamp}`, `监控审批人${stamp}`, 'Monitor123');
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // A process to watch, started from the task centre.
  await shell.openMenu('流程中心', '我的任务');
  const title = `监控用请假 ${stamp}`;
  await page.getByTestId('todo-launch').click();
  await page.getByTestId('launch-template').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '请假审批' }).click();
  await page.getByTestId('launch-title').fill(title);
  await page.getByTestId('launch-ok').click();
  await expect(page.getByText('流程已发起')).toBeVisible();

  await shell.openMenu('流程中心', '流程监控');
  await expect(page).toHaveURL(/\/workflow\/monitor$/);
  const row = page.getByTestId('monitor-running-table').locator('tbody tr.ant-table-row').filter({ hasText: title });
  await expect(row).toContainText('运行中');
  await expectNoSeriousViolations(page, 'the monitor');

  // Suspending asks first; a suspended process offers resume instead.
  await clickRowAction(row, '挂起');
  await expect(page.getByText(`挂起后流程「${title}」的所有任务都不能办理，定时器也将暂停，是否挂起？`)).toBeVisible();
  await page.getByTestId('suspend-confirm').click();
  await expect(row).toContainText('已挂起');
  expect(await rowActionNames(row)).not.toContain('指派');
  expect(await rowActionNames(row)).toContain('恢复');
  await shot(page, 'monitor-zh-1440');
  await clickRowAction(row, '恢复');
  await expect(row).toContainText('运行中');

  // Assign: the task and the approver are both required.
  await clickRowAction(row, '指派');
  const dialog = page.getByTestId('assign-dialog');
  await page.getByTestId('assign-ok').click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择要指派的任务' })).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择审批人' })).toBeVisible();
  await page.getByTestId('assign-task').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '部门审批' }).click();
  await page.getByTestId('assign-user').click();
  await page.keyboard.type(`监控审批人${stamp}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `监控审批人${stamp}` }).click();
  await expectNoSeriousViolations(page, 'the assign dialog');
  await page.getByTestId('assign-ok').click();
  await expect(page.getByText('已指派')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The task left the administrator's to-do list.
  await shell.openMenu('流程中心', '我的任务');
  await expect(page.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(0);

  await shell.openMenu('流程中心', '流程监控');
  await switchLanguage(page, 'en');
  await expect(page.getByRole('tab', { name: 'Running' })).toBeVisible();
  await shot(page, 'monitor-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the monitor on a phone');
  await shot(page, 'monitor-en-375');
  await switchLanguage(page, 'zh');
});
