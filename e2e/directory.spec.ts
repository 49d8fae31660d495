import { expect, test } from '@playwright/test';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { OrgPage } from './pages/org.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { WecomStandIn } from './support/wecom.ts';
import { screenshot } from './support/screens.ts';

/*
 * Directory sync, end to end: the administrator points the WeChat Work sync at a company, runs it
 * against the stand-in (where the server was told WeChat Work is), and finds the directory's
 * departments on the organisation screen.
 */
const wecom = new WecomStandIn();
test.beforeAll(() => {
  wecom.departments = [
    { id: 1, name: '同步总部', parentid: 0, order: 100 },
    { id: 2, name: '同步技术组', parentid: 1, order: 90 },
    { id: 3, name: '同步市场组', parentid: 1, order: 80 },
  ];
  wecom.members = [
    { userid: 'sync_zhang', name: '同步张三', department: [2], mobile: '13800001111' },
    { userid: 'sync_li', name: '同步李四', department: [3] },
  ];
  return wecom.start();
});
test.afterAll(() => wecom.stop());

test('syncs departments and members from WeChat Work into the organisation screen', async ({ page }) => {
  await signInAsAdmin(page, '/controller/directory');
  await expect(page.getByTestId('directory-page')).toBeVisible();
  const panel = page.getByTestId('directory-wechat-work');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('ww-e2e-corp')).toBeVisible();
  await expect(panel.getByTestId('directory-sync')).toBeDisabled();

  const org = new OrgPage(page);
  await page.getByTestId('directory-company').click();
  const company = page.locator('.ant-select-dropdown:visible .ant-select-tree-title').first();
  const companyName = (await company.textContent())?.trim() ?? '';
  await company.click();
  await page.getByTestId('directory-save').click();
  await expect(page.getByText('同步设置已保存')).toBeVisible();

  await panel.getByTestId('directory-sync').click();
  await expect(page.getByText('同步完成')).toBeVisible();
  const last = panel.getByTestId('directory-last-sync');
  await expect(last).toContainText('新增 3，更新 0，未变 0');
  await expect(last).toContainText('新增 2，更新 0，未变 0');
  await panel.getByTestId('directory-load').click();
  await expect(panel.getByTestId('directory-departments').locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(panel.getByTestId('directory-departments')).toContainText('已同步');
  await expectNoSeriousViolations(page, '/controller/directory');
  await screenshot(page, { path: 'e2e/artifacts/directory-zh.png', fullPage: true, animations: 'disabled' });

  // Run again: nothing changes, everything is skipped.
  await panel.getByTestId('directory-sync').click();
  await expect(last).toContainText('新增 0，更新 0，未变 3');

  await page.goto('/controller/organization');
  await org.company(companyName).click();
  await expect(org.deptRow('同步总部')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/directory-org-zh.png', animations: 'disabled' });

  await page.goto('/controller/directory');
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('directory-wechat-work').getByTestId('directory-last-sync')).toContainText('0 created, 0 updated, 3 unchanged');
  await screenshot(page, { path: 'e2e/artifacts/directory-en.png', fullPage: true, animations: 'disabled' });
  await page.getByRole('tab', { name: 'DingTalk' }).click();
  await expect(page.getByTestId('directory-not-configured')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('tab', { name: 'WeChat Work' }).click();
  await screenshot(page, { path: 'e2e/artifacts/directory-en-375.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');
});
