import { expect, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { ScopesPage } from './pages/scopes.ts';
import { Shell } from './pages/shell.ts';
import { RolesPage } from './pages/users.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SCREENS, screenshot } from './support/screens.ts';

test('an administrator defines data and API scopes per menu and grants them to a role', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // Data scopes: choose the user menu, then add "own department" and a custom rule.
  await shell.openMenu('系统管理', '数据权限');
  await expect(page).toHaveURL(/\/controller\/authorityData$/);
  const data = new ScopesPage(page, 'data-scope');
  await expect(page.getByText('请先在左侧选择一个菜单')).toBeVisible();
  await data.chooseMenu('用户管理');
  await expect(page.getByText('数据权限：用户管理')).toBeVisible();
  await page.getByTestId('data-scope-add').click();
  await data.save();
  await expect(data.dialog().getByText('请输入权限名称')).toBeVisible();
  await data.field('scopeName').fill('本部门用户');
  await data.pick('resourceCode', '用户');
  await data.pick('scopeType', '本部门数据');
  await expectNoSeriousViolations(page, 'data scope dialog');
  await data.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await data.saved();
  await expect(data.row('本部门用户')).toContainText('本部门数据');
  await expect(data.row('本部门用户')).toContainText('dept_id');

  await page.getByTestId('data-scope-add').click();
  await data.field('scopeName').fill('指定账号');
  await data.pick('resourceCode', '用户');
  await data.pick('scopeType', '自定义规则');
  await data.pick('scopeColumn', '账号');
  await data.pick('scopeOperator', '属于');
  await data.selectOf('scopeValues').click();
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
  await page.keyboard.type('e2e_lisi');
  await page.keyboard.press('Enter');
  await screenshot(page, { path: `${SCREENS}/data-scope-dialog-zh-1440.png`, animations: 'disabled' });
  await data.save();
  await data.saved();
  await expect(data.row('指定账号')).toContainText('账号 属于 admin, e2e_lisi');
  await expectNoSeriousViolations(page, 'data scope screen');
  await screenshot(page, { path: `${SCREENS}/data-scope-zh-1440.png`, animations: 'disabled' });

  // Another menu has none of them.
  await data.chooseMenu('字典管理');
  await expect(data.row('本部门用户')).toHaveCount(0);

  // API scopes: a code no route declares is refused with the server's message.
  await shell.openMenu('系统管理', '接口权限');
  await expect(page).toHaveURL(/\/controller\/authorityApi$/);
  const api = new ScopesPage(page, 'api-scope');
  await api.chooseMenu('字典管理');
  await page.getByTestId('api-scope-add').click();
  await api.field('scopeName').fill('读取字典');
  await api.field('resourceCode').fill('dict');
  await api.field('scopePath').fill('dict:nothing');
  await api.save();
  await expect(page.getByText('权限编码「dict:nothing」不属于任何接口')).toBeVisible();
  await api.field('scopePath').fill('dict:view');
  await expectNoSeriousViolations(page, 'api scope dialog');
  await api.save();
  await api.saved();
  await expect(api.row('读取字典')).toContainText('dict:view');
  await expect(api.row('读取字典')).toContainText('业务接口');
  await expectNoSeriousViolations(page, 'api scope screen');
  await screenshot(page, { path: `${SCREENS}/api-scope-zh-1440.png`, animations: 'disabled' });

  // The role grant dialog's tabs tick scopes; reopening shows them ticked.
  await shell.openMenu('系统管理', '角色管理');
  const roles = new RolesPage(page);
  await roles.add({ name: '范围角色', alias: 'e2e_scoped' });
  await roles.rowAction('e2e_scoped', '权限设置');
  const grant = page.getByTestId('role-grant-dialog');
  await grant.getByRole('tab', { name: '数据权限' }).click();
  const dataTree = grant.getByTestId('role-grant-data-tree');
  await dataTree.locator('.ant-tree-treenode').filter({ hasText: '本部门用户' }).locator('.ant-tree-checkbox').click();
  await expectNoSeriousViolations(page, 'grant dialog data tab');
  await screenshot(page, { path: `${SCREENS}/role-grant-data-zh-1440.png`, animations: 'disabled' });
  await grant.getByRole('tab', { name: '接口权限' }).click();
  await grant.getByTestId('role-grant-api-tree').locator('.ant-tree-treenode').filter({ hasText: '读取字典' }).locator('.ant-tree-checkbox').click();
  await grant.getByTestId('role-grant-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();
  await expect(grant).toBeHidden();
  await roles.rowAction('e2e_scoped', '权限设置');
  await grant.getByRole('tab', { name: '数据权限' }).click();
  const ticked = (tree: string, title: string) => grant.getByTestId(tree).locator('.ant-tree-treenode-checkbox-checked').filter({ hasText: title });
  await expect(ticked('role-grant-data-tree', '本部门用户')).toHaveCount(1);
  await expect(ticked('role-grant-data-tree', '指定账号')).toHaveCount(0);
  await grant.getByRole('tab', { name: '接口权限' }).click();
  await expect(ticked('role-grant-api-tree', '读取字典')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(grant).toBeHidden();

  // Narrow screens, then English.
  await shell.openMenu('系统管理', '数据权限');
  await data.chooseMenu('用户管理');
  await expect(data.row('指定账号')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, { path: `${SCREENS}/data-scope-zh-375.png`, animations: 'disabled', fullPage: true });
  await expectNoSeriousViolations(page, 'data scope screen at 375px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'en');
  await expect(page.getByText('Data scopes: Users')).toBeVisible();
  await expect(data.row('指定账号')).toContainText('Account is one of admin, e2e_lisi');
  await screenshot(page, { path: `${SCREENS}/data-scope-en-1440.png`, animations: 'disabled' });
  await clickRowAction(data.row('指定账号'), 'Edit');
  await expect(data.dialog()).toBeVisible();
  await expect(data.dialog().getByText('Custom rule')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/data-scope-dialog-en-1440.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(data.dialog()).toBeHidden();
  await shell.openMenu('System', 'API scopes');
  await api.chooseMenu('Dictionaries');
  await expect(api.row('读取字典')).toContainText('Business interface');
  await screenshot(page, { path: `${SCREENS}/api-scope-en-1440.png`, animations: 'disabled' });
});
