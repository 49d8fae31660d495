import { expect, test } from '@playwright/test';
import { LoginPage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { RolesPage, UsersPage } from './pages/users.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot } from './support/screens.ts';

test('a role granted only the dictionaries gives its user exactly that; the server refuses the rest; disabling ends the session', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // A role that grants the system folder and the dictionary screen, none of its buttons.
  await shell.openMenu('系统管理', '角色管理');
  const roles = new RolesPage(page);
  await roles.add({ name: '字典员', alias: 'e2e_dict' });
  await roles.rowAction('e2e_dict', '权限设置');
  const grant = page.getByTestId('role-grant-dialog');
  const tree = grant.getByTestId('role-grant-tree');
  await expect(tree.getByText('字典管理', { exact: true })).toBeVisible();
  // Each row on its own: the folder and one page, without the page's buttons.
  await grant.getByTestId('role-grant-linked').click();
  for (const title of ['系统管理', '字典管理']) {
    await tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first()
      .locator('.ant-tree-checkbox')
      .click();
  }
  await expectNoSeriousViolations(page, 'the role grant dialog');
  await screenshot(page, { path: 'e2e/artifacts/screens/role-grant-zh-1440.png', animations: 'disabled' });
  await grant.getByTestId('role-grant-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  // A user holding that role.
  await shell.openMenu('系统管理', '用户管理');
  const users = new UsersPage(page);
  await page.getByTestId('user-add').click();
  await users.fill({ account: 'e2e_clerk', name: '字典员甲', password: 'Secret123', password2: 'Secret123' });
  await users.save();
  await expect(users.dialog()).toBeHidden();
  await users.rowAction('e2e_clerk', '角色配置');
  const roleGrant = page.getByTestId('user-grant-dialog');
  await users.pickRoles(roleGrant.locator('.ant-select'), ['字典员']);
  await roleGrant.getByTestId('user-grant-save').click();
  await expect(page.getByText('角色配置成功')).toBeVisible();

  // The user sees the dictionaries and nothing else; the server refuses what the role lacks.
  const clerkPage = await browser.newPage();
  const clerk = new LoginPage(clerkPage);
  await clerk.open();
  await clerk.signIn('e2e_clerk', 'Secret123');
  await expect(clerkPage.getByTestId('welcome-page')).toBeVisible();
  const menu = clerkPage.getByTestId('side-menu');
  await menu.getByText('系统管理', { exact: true }).click();
  await expect(menu.getByRole('menuitem', { name: '字典管理' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '用户管理' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: '字典管理' }).click();
  await expect(clerkPage.getByTestId('dict-parent-table').getByText('CompanyNature')).toBeVisible();
  // Buttons the role does not grant are not shown.
  await expect(clerkPage.getByTestId('dict-parent-add')).toHaveCount(0);
  await expect(clerkPage.getByTestId('dict-parent-table').getByRole('button', { name: '编辑' })).toHaveCount(0);
  const refused = await clerkPage.evaluate(async () => {
    const token = Object.entries(localStorage).find(([key]) => key.endsWith('token'))?.[1] ?? '';
    const value = (() => {
      try {
        return JSON.parse(token).content ?? token;
      } catch {
        return token;
      }
    })();
    const response = await fetch('/api/macro-user/page', { headers: { 'Macro-Auth': `bearer ${value}` } });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.sys_msg).toContain('user:view');
  await screenshot(clerkPage, { path: 'e2e/artifacts/screens/granted-user-zh-1440.png', animations: 'disabled' });

  // Disabled by the administrator: the user's open console returns to /login on its next call.
  await users.row('e2e_clerk').getByRole('switch').click();
  await page
    .getByRole('button', { name: /确\s*定|OK/ })
    .last()
    .click();
  await expect(users.row('e2e_clerk')).toContainText('停用');
  await clerkPage.reload();
  await expect(clerkPage).toHaveURL(/\/login/);
  await clerkPage.close();
});

type GrantNode = { id: number; name: string; category: number; children: GrantNode[] };

test('role grants link parent and children by default: ticking the workflow folder grants its pages; unlinked, a folder alone is warned about', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('系统管理', '角色管理');
  const roles = new RolesPage(page);
  await roles.add({ name: '流程员', alias: 'e2e_flow' });
  await roles.rowAction('e2e_flow', '权限设置');
  const grant = page.getByTestId('role-grant-dialog');
  const tree = grant.getByTestId('role-grant-tree');
  const row = (title: string) =>
    tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first();

  // Search narrows the 139 rows to the folder and what is under it.
  await grant.getByTestId('role-grant-search').locator('xpath=self::input | .//input').fill('流程中心');
  await expect(row('系统管理')).toHaveCount(0);
  await expect(row('我的任务')).toBeVisible();
  await expect(grant.getByTestId('role-grant-linked')).toBeChecked();
  await row('流程中心').locator('.ant-tree-checkbox').click();
  await expect(row('我的任务').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(grant.getByTestId('role-grant-empty-folders')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the role grant dialog, searched');
  await grant.getByTestId('role-grant-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  // The server holds the folder and every page and button under it, and nothing else.
  const api = await adminApi(page.request);
  const role = (await api.get<{ id: number; roleAlias: string }[]>('/api/macro-system/role/list?roleAlias=e2e_flow')).find((r) => r.roleAlias === 'e2e_flow');
  const keys = await api.get<{ menu: number[] }>(`/api/macro-system/menu/role-tree-keys?roleIds=${role!.id}`);
  const flow = (await api.get<GrantNode[]>('/api/macro-system/menu/grant-tree')).find((node) => node.name === '流程中心')!;
  const under = (node: GrantNode): number[] => [node.id, ...node.children.flatMap(under)];
  expect(new Set(keys.menu)).toEqual(new Set(under(flow)));

  // Unlinked, a folder ticked on its own is warned about: its users would see it empty.
  await roles.rowAction('e2e_flow', '权限设置');
  await expect(grant.getByTestId('role-grant-linked')).toBeChecked();
  // Select all, then none.
  const all = grant.getByTestId('role-grant-all').locator('xpath=self::input | .//input');
  await all.click();
  await expect(all).toBeChecked();
  await expect(row('字典管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await all.click();
  await expect(all).not.toBeChecked();
  await expect(row('我的任务').locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await grant.getByTestId('role-grant-linked').click();
  await grant.getByTestId('role-grant-collapse').click();
  await expect(row('我的任务')).toHaveCount(0);
  await row('系统管理').locator('.ant-tree-checkbox').click();
  await expect(grant.getByTestId('role-grant-empty-folders')).toContainText('系统管理');
  await screenshot(page, { path: 'e2e/artifacts/screens/role-grant-warning-zh-1440.png', animations: 'disabled' });
  await grant.getByTestId('role-grant-expand').click();
  await expect(row('字典管理')).toBeVisible();
});
