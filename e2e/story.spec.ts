import { expect, type Page, test } from '@playwright/test';
import { rowActionNames } from './support/rows.ts';
import { LoginPage, switchLanguage, signInAsAdmin } from './pages/login.ts';
import { OrgPage } from './pages/org.ts';
import { Shell } from './pages/shell.ts';
import { RolesPage, UsersPage } from './pages/users.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SCREENS, screenshot } from './support/screens.ts';

const USER = { account: 'e2e_story', password: 'Story1234' };

/** Calls the API as the page's signed-in user (the console's stored token), as any script in it could. */
function callAs(page: Page, url: string, method = 'GET') {
  return page.evaluate(
    async ({ url, method }) => {
      const stored = Object.entries(localStorage).find(([key]) => key.endsWith('token'))?.[1] ?? '';
      const token = (() => {
        try {
          return JSON.parse(stored).content ?? stored;
        } catch {
          return stored;
        }
      })();
      const language = document.documentElement.lang || 'zh';
      const response = await fetch(url, { method, headers: { 'Macro-Auth': `bearer ${token}`, 'Accept-Language': language } });
      return { status: response.status, body: (await response.json()) as { sys_msg?: string } };
    },
    { url, method },
  );
}

/** Ticks one node of the role's menu tree: `title` under the page `under` (or at the top). */
async function tick(page: Page, title: string, under?: string) {
  const nodes = page.getByTestId('role-grant-tree').locator('.ant-tree-treenode');
  const titles = (await nodes.locator('.ant-tree-title').allTextContents()).map((s) => s.trim());
  const start = under === undefined ? 0 : titles.indexOf(under) + 1;
  expect(start, `menu ${under} in the grant tree`).toBeGreaterThan(under === undefined ? -1 : 0);
  const index = titles.indexOf(title, start);
  expect(index, `${title} in the grant tree`).toBeGreaterThanOrEqual(0);
  await nodes.nth(index).locator('.ant-tree-checkbox').click();
}

test('the administrator builds a department, a post, a role and a user; the user gets exactly that, the server refuses the rest, and disabling sends them to sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  const shell = new Shell(page);

  // A department of the demo company.
  await shell.openMenu('系统管理', '机构管理');
  const org = new OrgPage(page);
  await org.company('示例集团').click();
  await page.getByTestId('dept-add').click();
  await org.deptDialog().getByTestId('dept-field-deptName').fill('故事部');
  await org.deptDialog().getByTestId('dept-dialog-save').click();
  await expect(org.deptDialog()).toBeHidden();
  await expect(org.deptRow('故事部')).toBeVisible();

  // A post.
  await shell.openMenu('系统管理', '岗位管理');
  await page.getByTestId('post-add').click();
  const postDialog = page.getByTestId('post-dialog');
  await postDialog.getByTestId('post-field-postCode').fill('e2e-story');
  await postDialog.getByTestId('post-field-postName').fill('故事岗位');
  await postDialog.getByTestId('post-dialog-save').click();
  await expect(postDialog).toBeHidden();
  await expect(page.getByTestId('post-table')).toContainText('故事岗位');

  // A role granting the user screen with only its add button, and the post screen with none.
  await shell.openMenu('系统管理', '角色管理');
  const roles = new RolesPage(page);
  await roles.add({ name: '故事员', alias: 'e2e_story' });
  await roles.rowAction('e2e_story', '权限设置');
  const grant = page.getByTestId('role-grant-dialog');
  await expect(grant.getByTestId('role-grant-tree').getByText('用户管理', { exact: true })).toBeVisible();
  // Each row on its own: a page with one of its buttons.
  await grant.getByTestId('role-grant-linked').click();
  await tick(page, '系统管理');
  await tick(page, '用户管理');
  await tick(page, '新增', '用户管理');
  await tick(page, '岗位管理');
  await grant.getByTestId('role-grant-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  // A user in that department, post and role.
  await shell.openMenu('系统管理', '用户管理');
  const users = new UsersPage(page);
  await expect(users.row('admin')).toBeVisible();
  await page.getByTestId('user-add').click();
  await users.fill({ account: USER.account, name: '故事员甲', password: USER.password, password2: USER.password });
  await users.dialog().getByTestId('user-field-deptId').click();
  await page.keyboard.type('故事');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '故事部' }).click();
  await users.pickRoles(users.dialog().getByTestId('user-field-roleIds'), ['故事员']);
  await users.dialog().getByTestId('user-field-postIds').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '故事岗位' }).click();
  await page.keyboard.press('Escape');
  await users.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(users.dialog()).toBeHidden();
  await expect(users.row(USER.account)).toContainText('故事部');
  await expect(users.row(USER.account)).toContainText('故事岗位');
  await expect(users.row(USER.account)).toContainText('故事员');

  // The user signs in in a browser of their own.
  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const userPage = await context.newPage();
  const userLogin = new LoginPage(userPage);
  await userLogin.open();
  await userLogin.signIn(USER.account, USER.password);
  await expect(userPage.getByTestId('welcome-page')).toBeVisible();

  // Exactly the granted menus…
  const menu = userPage.getByTestId('side-menu');
  await new Shell(userPage).openMenu('系统管理', '用户管理');
  await expect(menu.getByRole('menuitem', { name: '岗位管理' })).toBeVisible();
  for (const hidden of ['角色管理', '机构管理', '菜单管理', '字典管理']) await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  // …and buttons: add, but neither edit nor delete, nor the status switch.
  const mine = userPage.getByTestId('user-table').locator('tbody tr.ant-table-row').filter({ hasText: USER.account });
  await expect(mine).toContainText('故事部');
  await expect(userPage.getByTestId('user-add')).toBeVisible();
  const offered = await rowActionNames(mine);
  expect(offered).toContain('查看');
  expect(offered).not.toContain('编辑');
  expect(offered).not.toContain('删除');
  await expect(userPage.getByTestId(`user-status-${USER.account}`)).toHaveCount(0);
  await expectNoSeriousViolations(userPage, "the restricted user's console");
  await screenshot(userPage, { path: `${SCREENS}/story-restricted-zh-1440.png`, animations: 'disabled' });

  // The server is the guard: calls the role lacks are refused with a message naming the permission.
  const removal = await callAs(userPage, '/api/macro-user/remove?ids=1', 'POST');
  expect(removal.status).toBe(403);
  expect(removal.body.sys_msg).toContain('user:delete');
  const rolesList = await callAs(userPage, '/api/macro-system/role/list');
  expect(rolesList.status).toBe(403);
  expect(rolesList.body.sys_msg).toContain('role:view');
  // What the role grants still answers.
  expect((await callAs(userPage, '/api/macro-system/post/list')).status).toBe(200);

  // The same console in English.
  await switchLanguage(userPage, 'en');
  await expect(menu.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Posts' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
  await expect(userPage.getByTestId('user-add')).toBeVisible();
  const refusedEn = await callAs(userPage, '/api/macro-system/role/list');
  expect(refusedEn.status).toBe(403);
  expect(refusedEn.body.sys_msg).toMatch(/permission/i);
  await screenshot(userPage, { path: `${SCREENS}/story-restricted-en-1440.png`, animations: 'disabled' });

  // The administrator disables the user; the user's open console returns to sign-in on its next call.
  await users.row(USER.account).getByRole('switch').click();
  await page.getByTestId('user-toggle-confirm').click();
  await expect(users.row(USER.account)).toContainText('停用');
  await menu.getByRole('menuitem', { name: 'Posts' }).click();
  await expect(userPage).toHaveURL(/\/login/);
  // And cannot sign in again.
  await userLogin.signIn(USER.account, USER.password);
  await expect(userLogin.error()).toBeVisible();
  await context.close();
});
