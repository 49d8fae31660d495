import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { OrgPage } from './pages/org.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SCREENS, screenshot } from './support/screens.ts';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

async function openOrganisation(page: Page) {
  await new Shell(page).openMenu('系统管理', '机构管理');
  await expect(page).toHaveURL(/\/controller\/organization$/);
}

test('creates a company, a department under it and a post; a company with a department is not deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await openOrganisation(page);
  const org = new OrgPage(page);
  await expect(org.company('示例集团')).toBeVisible();

  // Spec §5: a company must be selected before acting on it.
  await page.getByTestId('company-edit').click();
  await expect(page.getByText('请先选择一行再进行操作')).toBeVisible();

  // The company dialog checks every field with the spec's rule.
  await page.getByTestId('company-add').click();
  const dialog = org.companyDialog();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('company-dialog-save').click();
  await expect(dialog.getByText('请输入公司名称')).toBeVisible();
  await expect(dialog.getByText('请输入公司编号')).toBeVisible();
  await dialog.getByTestId('company-field-email').fill('not-an-email');
  await dialog.getByTestId('company-field-fax').fill('123');
  await dialog.getByTestId('company-field-companyName').focus();
  await expect(dialog.getByText('请输入正确的邮箱')).toBeVisible();
  await expect(dialog.getByText('请输入正确的电话号码')).toBeVisible();
  await dialog.getByTestId('company-field-companyName').fill('端到端公司');
  await dialog.getByTestId('company-field-companyCode').fill('E2E-CO');
  await dialog.getByTestId('company-field-phone').fill('13812345678');
  await dialog.getByTestId('company-field-email').fill('e2e@example.cn');
  await dialog.getByTestId('company-field-fax').fill('010-12345678');
  await dialog.getByTestId('company-field-foundedDate').fill('2021-06-01');
  await org.chooseOption('company-field-natureKey', '民营企业');
  await expectNoSeriousViolations(page, 'the company dialog');
  await screenshot(page, { path: `${SCREENS}/org-company-dialog-zh-1440.png`, animations: 'disabled' });
  await dialog.getByTestId('company-dialog-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(org.company('端到端公司')).toBeVisible();

  // A department of the new company.
  await org.company('端到端公司').click();
  await expect(page.getByTestId('dept-panel')).toContainText('「端到端公司」的部门');
  await page.getByTestId('dept-add').click();
  const deptDialog = org.deptDialog();
  await expect(deptDialog.getByTestId('dept-field-companyId')).toHaveValue('端到端公司');
  await deptDialog.getByTestId('dept-field-deptName').fill('端到端研发部');
  await org.chooseOption('dept-field-deptType', '研发部门');
  await deptDialog.getByTestId('dept-dialog-save').click();
  await expect(deptDialog).toBeHidden();
  await expect(org.deptRow('端到端研发部')).toContainText('研发部门');

  // A company with a department is not deleted, and stays.
  await page.getByTestId('company-delete').click();
  await expect(page.getByText('确定删除该公司吗？')).toBeVisible();
  await page.getByTestId('company-remove-confirm').click();
  await expect(page.getByText('公司「端到端公司」下还有部门，请先删除部门')).toBeVisible();
  await expect(org.company('端到端公司')).toBeVisible();
  await expect(org.deptRow('端到端研发部')).toBeVisible();
  await expectNoSeriousViolations(page, 'the organisation screen');
  await screenshot(page, { path: `${SCREENS}/org-zh-1440.png`, animations: 'disabled' });

  // Edit the department, then remove it and the company, which is now empty.
  await clickRowAction(org.deptRow('端到端研发部'), '编辑');
  await org.deptDialog().getByTestId('dept-field-deptName').fill('端到端研发中心');
  await org.deptDialog().getByTestId('dept-dialog-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(org.deptRow('端到端研发中心')).toBeVisible();
  await clickRowAction(org.deptRow('端到端研发中心'), '删除');
  await expect(page.getByText('确定永久删除部门「端到端研发中心」吗？')).toBeVisible();
  await page.getByTestId('dept-remove-confirm').click();
  await expect(org.deptRow('端到端研发中心')).toHaveCount(0);
  await page.getByTestId('company-delete').click();
  await page.getByTestId('company-remove-confirm').click();
  await expect(org.company('端到端公司')).toHaveCount(0);

  // Special posts: the demo tenant marks 总经理 for companies; 职员 is added for departments.
  await page.getByTestId('special-post-open').click();
  const special = page.getByRole('dialog', { name: '特殊岗位' });
  await expect(special.getByTestId('special-post-company')).toContainText('总经理');
  await expect(special.getByTestId('special-post-department')).toContainText('部门经理');
  await special.getByTestId('special-post-department').click();
  await page.locator('.ant-select-dropdown:visible').getByText('职员', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'the special post dialog');
  await special.getByTestId('special-post-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(special).toBeHidden();
  await page.getByTestId('special-post-open').click();
  await expect(page.getByRole('dialog', { name: '特殊岗位' }).getByTestId('special-post-department')).toContainText('职员');
  await page
    .getByRole('dialog', { name: '特殊岗位' })
    .getByRole('button', { name: /取\s*消/ })
    .click();

  // The keyboard reaches the tree and moves through it.
  await page.getByTestId('company-search').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');

  // A post.
  await new Shell(page).openMenu('系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/controller\/posts$/);
  await expect(page.getByTestId('post-table')).toContainText('总经理');
  await page.getByTestId('post-add').click();
  const postDialog = page.getByTestId('post-dialog');
  await postDialog.getByTestId('post-dialog-save').click();
  await expect(postDialog.getByText('请输入岗位编号')).toBeVisible();
  await postDialog.getByTestId('post-field-postCode').fill('e2e-post');
  await postDialog.getByTestId('post-field-postName').fill('端到端岗位');
  await postDialog.getByTestId('post-dialog-save').click();
  await expect(postDialog).toBeHidden();
  await expect(page.getByTestId('post-table')).toContainText('端到端岗位');
  // Code and name are unique in the tenant.
  await page.getByTestId('post-add').click();
  await postDialog.getByTestId('post-field-postCode').fill('e2e-post');
  await postDialog.getByTestId('post-field-postName').fill('另一个');
  await postDialog.getByTestId('post-dialog-save').click();
  await expect(page.getByText('岗位编号「e2e-post」已存在')).toBeVisible();
  await postDialog.getByRole('button', { name: /取\s*消/ }).click();
  await page.getByTestId('post-dialog-discard').click();
  // Edit it, then delete it.
  const postRow = page.getByTestId('post-table').locator('tbody tr.ant-table-row').filter({ hasText: '端到端岗位' });
  await clickRowAction(postRow, '编辑');
  await postDialog.getByTestId('post-field-postName').fill('端到端岗位二');
  await postDialog.getByTestId('post-dialog-save').click();
  await expect(page.getByTestId('post-table')).toContainText('端到端岗位二');
  const renamed = page.getByTestId('post-table').locator('tbody tr.ant-table-row').filter({ hasText: '端到端岗位二' });
  await clickRowAction(renamed, '删除');
  await expect(page.getByText('确定永久删除岗位「端到端岗位二」吗？')).toBeVisible();
  await page.getByTestId('post-remove-confirm').click();
  await expect(page.getByTestId('post-table')).not.toContainText('端到端岗位二');
  await expectNoSeriousViolations(page, 'the post screen');
  await screenshot(page, { path: `${SCREENS}/posts-zh-1440.png`, animations: 'disabled' });
});

test('the organisation and post screens in English and on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await openOrganisation(page);
  const org = new OrgPage(page);
  await org.company('示例集团').click();
  await expect(org.deptRow('总经办')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the organisation screen at 375px');
  await screenshot(page, { path: `${SCREENS}/org-zh-375.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('company-panel')).toContainText('Companies');
  await expect(page.getByTestId('dept-panel')).toContainText('Departments of “示例集团”');
  await page.getByTestId('company-add').click();
  await org.companyDialog().getByTestId('company-dialog-save').click();
  await expect(org.companyDialog().getByText('Please enter the company name')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/org-company-dialog-en-1440.png`, animations: 'disabled' });
  await org.companyDialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(org.companyDialog()).toBeHidden();
  await expectNoSeriousViolations(page, 'the organisation screen in English');
  await screenshot(page, { path: `${SCREENS}/org-en-1440.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, { path: `${SCREENS}/org-en-375.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await new Shell(page).openMenu('System', 'Posts');
  await expect(page.getByTestId('post-panel')).toContainText('Posts');
  await screenshot(page, { path: `${SCREENS}/posts-en-1440.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the post screen at 375px');
  await screenshot(page, { path: `${SCREENS}/posts-en-375.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');
});
