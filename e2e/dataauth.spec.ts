import { expect, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { AppFuncPage, GrantDialog } from './pages/authorize.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { ScopesPage } from './pages/scopes.ts';
import { Shell } from './pages/shell.ts';
import { RolesPage, UsersPage } from './pages/users.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SCREENS, screenshot } from './support/screens.ts';

test('an administrator authorises data per menu and app functions for a role, and grants groups to a user', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // A data scope on the user menu to authorise.
  await shell.openMenu('系统管理', '数据权限');
  const scopes = new ScopesPage(page, 'data-scope');
  await scopes.chooseMenu('用户管理');
  await page.getByTestId('data-scope-add').click();
  await scopes.field('scopeName').fill('授权测试本部门');
  await scopes.pick('resourceCode', '用户');
  await scopes.pick('scopeType', '本部门数据');
  await scopes.save();
  await scopes.saved();

  // An app function, refused empty with the contract's message.
  await shell.openMenu('系统管理', '移动端功能');
  await expect(page).toHaveURL(/\/controller\/appFunction$/);
  const funcs = new AppFuncPage(page);
  await page.getByTestId('app-func-add').click();
  await funcs.save();
  await expect(funcs.dialog().getByText('请输入功能名称')).toBeVisible();
  await expect(funcs.dialog().getByText('请输入功能编码')).toBeVisible();
  await funcs.field('name').fill('扫一扫');
  await funcs.field('code').fill('scan');
  await funcs.field('category').fill('工具');
  await funcs.field('url').fill('/pages/scan/index');
  await expectNoSeriousViolations(page, 'app function dialog');
  await screenshot(page, { path: `${SCREENS}/app-func-dialog-zh-1440.png`, animations: 'disabled' });
  await funcs.save();
  await expect(funcs.dialog()).toBeHidden();
  await expect(funcs.row('扫一扫')).toContainText('工具');
  await page.getByTestId('app-func-add').click();
  await funcs.field('name').fill('请假');
  await funcs.field('code').fill('leave');
  await funcs.field('category').fill('办公');
  await funcs.field('url').fill('/pages/leave/index');
  await funcs.save();
  await expect(funcs.dialog()).toBeHidden();
  await expect(funcs.row('请假')).toBeVisible();
  await expectNoSeriousViolations(page, 'app function screen');
  await screenshot(page, { path: `${SCREENS}/app-func-zh-1440.png`, animations: 'disabled' });

  // What the function's page opens: a form needs its form named; its own address needs nothing more.
  await clickRowAction(funcs.row('扫一扫'), '页面设计');
  const design = page.getByTestId('app-page-dialog');
  await expect(design).toContainText('「扫一扫」的页面');
  await design.getByTestId('app-page-field-pageKind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '填写表单' }).click();
  await design.getByTestId('app-page-dialog-save').click();
  await expect(design.getByText('请选择页面打开的表单')).toBeVisible();
  await expectNoSeriousViolations(page, 'app function page design dialog');
  await screenshot(page, { path: `${SCREENS}/app-page-dialog-zh-1440.png`, animations: 'disabled' });
  await design.getByTestId('app-page-field-pageKind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '功能地址' }).click();
  await design.getByTestId('app-page-field-title').fill('扫码');
  await design.getByTestId('app-page-dialog-save').click();
  await expect(design).toBeHidden();
  await clickRowAction(funcs.row('扫一扫'), '页面设计');
  await expect(design.getByTestId('app-page-field-title')).toHaveValue('扫码');
  await page.keyboard.press('Escape');
  await expect(design).toBeHidden();

  // The role's data authorisation, menu by menu; reopening shows what was saved.
  await shell.openMenu('系统管理', '角色管理');
  const roles = new RolesPage(page);
  await roles.add({ name: '数据授权角色', alias: 'e2e_dataauth' });
  await roles.rowAction('e2e_dataauth', '数据授权');
  const data = new GrantDialog(page, 'data-authorize-dialog');
  await expect(data.root()).toContainText('授权对象：角色「数据授权角色」');
  await data.tick('授权测试本部门');
  await expectNoSeriousViolations(page, 'data authorisation dialog');
  await screenshot(page, { path: `${SCREENS}/data-authorize-zh-1440.png`, animations: 'disabled' });
  await data.save();
  await expect(page.getByText('授权已保存')).toBeVisible();
  await roles.rowAction('e2e_dataauth', '数据授权');
  await expect(data.ticked('授权测试本部门')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(data.root()).toBeHidden();

  // App authorisation: functions by category, searchable.
  await roles.rowAction('e2e_dataauth', '移动端授权');
  const app = new GrantDialog(page, 'app-authorize-dialog');
  await app.root().getByRole('searchbox', { name: '按名称搜索' }).fill('扫');
  await expect(app.item('请假')).toHaveCount(0);
  await app.tick('扫一扫');
  await expectNoSeriousViolations(page, 'app authorisation dialog');
  await screenshot(page, { path: `${SCREENS}/app-authorize-zh-1440.png`, animations: 'disabled' });
  await app.save();
  await roles.rowAction('e2e_dataauth', '移动端授权');
  await expect(app.ticked('扫一扫')).toHaveCount(1);
  await expect(app.ticked('请假')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(app.root()).toBeHidden();

  // The user screen: departments as a tree on the left; groups granted to the administrator.
  await shell.openMenu('系统管理', '用户管理');
  const users = new UsersPage(page);
  const panel = page.getByTestId('user-dept-panel');
  await expect(panel.getByRole('button', { name: '全部部门' })).toBeVisible();
  // Top level first; a branch loads its children when opened, and choosing one filters the list.
  const branch = panel.locator('.ant-tree-treenode:not([aria-hidden])').filter({ hasText: '研发部' });
  await branch.locator('.ant-tree-switcher').click();
  const child = panel.locator('.ant-tree-treenode:not([aria-hidden])').nth(2);
  await expect(child).toBeVisible();
  const filtered = page.waitForResponse((r) => r.url().includes('/api/macro-user/page') && r.url().includes('deptId='));
  await child.locator('.ant-tree-title').click();
  await filtered;
  await expect(users.row('admin')).toHaveCount(0);
  await panel.getByRole('button', { name: '全部部门' }).click();
  await expect(users.row('admin')).toBeVisible();
  await users.rowAction('admin', '集团授权');
  const groups = page.getByTestId('user-groups-dialog');
  await groups.getByTestId('user-groups-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'group grant dialog');
  await screenshot(page, { path: `${SCREENS}/user-groups-zh-1440.png`, animations: 'disabled' });
  await groups.getByTestId('user-groups-save').click();
  await expect(page.getByText('集团授权已保存')).toBeVisible();
  await expect(groups).toBeHidden();
  await expectNoSeriousViolations(page, 'user screen with department tree');
  await screenshot(page, { path: `${SCREENS}/user-dept-tree-zh-1440.png`, animations: 'disabled' });

  // Deleting an app function asks first.
  await shell.openMenu('系统管理', '移动端功能');
  await clickRowAction(funcs.row('请假'), /删\s*除/);
  await expect(page.getByText('确定删除移动端功能「请假」吗？已授予角色和用户的该功能将一并收回。')).toBeVisible();
  await page.getByTestId('app-func-remove-confirm').click();
  await expect(funcs.row('请假')).toHaveCount(0);

  // Narrow screens, then English.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(funcs.row('扫一扫')).toBeVisible();
  await expectNoSeriousViolations(page, 'app function screen at 375px');
  await screenshot(page, { path: `${SCREENS}/app-func-zh-375.png`, animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await shell.openMenu('系统管理', '角色管理');
  await page.setViewportSize({ width: 375, height: 812 });
  await roles.rowAction('e2e_dataauth', '数据授权');
  await expect(data.ticked('授权测试本部门')).toHaveCount(1);
  await expectNoSeriousViolations(page, 'data authorisation dialog at 375px');
  await screenshot(page, { path: `${SCREENS}/data-authorize-zh-375.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(data.root()).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'en');
  await roles.rowAction('e2e_dataauth', 'Data authorisation');
  await expect(data.root()).toContainText('Granted to: role "数据授权角色"');
  await expect(data.ticked('授权测试本部门')).toHaveCount(1);
  await screenshot(page, { path: `${SCREENS}/data-authorize-en-1440.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await shell.openMenu('System', 'App functions');
  await expect(funcs.row('扫一扫')).toContainText('Enabled');
  await screenshot(page, { path: `${SCREENS}/app-func-en-1440.png`, animations: 'disabled' });
  // "Users" is also part of "Consumer users": the exact item.
  await page.getByTestId('side-menu').getByRole('menuitem', { name: 'Users', exact: true }).click();
  await expect(page.getByTestId('user-dept-panel').getByRole('button', { name: 'All departments' })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/user-dept-tree-en-1440.png`, animations: 'disabled' });
});
