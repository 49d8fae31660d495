import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { LoginPage, switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { RolesPage, UsersPage } from './pages/users.ts';
import { adminApi, createUserByApi } from './support/api.ts';
import { screenshot } from './support/screens.ts';

test('an administrator creates a role and a user, grants the role and disables the user', async ({ page }) => {
  // A whole administration story with five axe runs: longer than a single screen's test.
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  await signInAsAdmin(page);
  const shell = new Shell(page);

  // A role, added on the role screen; the alias rule shows on save.
  await shell.openMenu('系统管理', '角色管理');
  await expect(page).toHaveURL(/\/controller\/rolemanage$/);
  const roles = new RolesPage(page);
  await expect(roles.row('administrator')).toContainText('超级管理员');
  await page.getByTestId('role-add').click();
  await roles.dialog().getByTestId('role-field-roleAlias').fill('审计');
  await roles.dialog().getByTestId('role-dialog-save').click();
  await expect(roles.dialog().getByText('请输入角色名称')).toBeVisible();
  await expect(roles.dialog().getByText('只能输入字母、数字或下划线，且不超过100个字符')).toBeVisible();
  await expectNoSeriousViolations(page, 'role dialog');
  await roles.dialog().getByTestId('role-field-roleName').fill('审计员');
  await roles.dialog().getByTestId('role-field-roleAlias').fill('e2e_auditor');
  await roles.dialog().getByTestId('role-dialog-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(roles.row('e2e_auditor')).toContainText('审计员');
  await expectNoSeriousViolations(page, 'role screen');

  // A user, with the spec's field rules checked before anything is sent.
  await shell.openMenu('系统管理', '用户管理');
  await expect(page).toHaveURL(/\/controller\/usermanage$/);
  const users = new UsersPage(page);
  await expect(users.row('admin')).toBeVisible();
  await page.getByTestId('user-add').click();
  await expect(users.dialog()).toBeVisible();
  await users.fill({ account: 'e2e_lisi', name: '李四', password: 'short', password2: 'short', mobile: '12345', email: 'nope', qq: '0123' });
  await users.save();
  await expect(users.dialog().getByText('请输入正确的手机号码')).toBeVisible();
  await expect(users.dialog().getByText('请输入正确的邮箱')).toBeVisible();
  await expect(users.dialog().getByText('请输入正确的QQ号码')).toBeVisible();
  await expect(users.dialog().getByText('密码须为 8 到 32 位，且同时包含字母和数字').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'user dialog');
  await users.fill({ password: 'Secret123', password2: 'Secret123', mobile: '13812345678', email: 'lisi@example.com', qq: '123456', realName: '李四' });
  // The department comes from the organisation's tree, searched by name.
  await users.dialog().getByTestId('user-field-deptId').click();
  await page.keyboard.type('研发');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '研发部' }).click();
  await expect(users.dialog().getByTestId('user-field-deptId')).toContainText('研发部');
  // The birthday is picked in antd's date picker (typed here), not a browser's native mm/dd/yyyy box.
  const birthday = users.dialog().getByTestId('user-field-birthday').locator('xpath=self::input | .//input');
  await birthday.click();
  await page.keyboard.type('1990-05-04');
  await page.keyboard.press('Enter');
  await expect(birthday).toHaveValue('1990-05-04');
  await expect(birthday).not.toHaveAttribute('type', 'date');
  await users.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(users.dialog()).toBeHidden();
  await expect(users.row('e2e_lisi')).toContainText('13812345678');
  await expect(users.row('e2e_lisi')).toContainText('研发部');
  await users.rowAction('e2e_lisi', '编辑');
  await expect(birthday).toHaveValue('1990-05-04');
  await users
    .dialog()
    .getByRole('button', { name: /^取\s*消$/ })
    .click();
  await expect(users.dialog()).toBeHidden();

  // A second user with the same account is refused by the server, with its message.
  await page.getByTestId('user-add').click();
  await users.fill({ account: 'e2e_lisi', name: '重复', password: 'Secret123', password2: 'Secret123' });
  await users.save();
  await expect(page.getByText('登录账号「e2e_lisi」已存在')).toBeVisible();
  await users
    .dialog()
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await page.getByTestId('user-dialog-discard').click();
  await expect(users.dialog()).toBeHidden();

  // Grant the new role.
  await users.rowAction('e2e_lisi', '角色配置');
  const grant = page.getByTestId('user-grant-dialog');
  await expect(grant).toBeVisible();
  await users.pickRoles(grant.locator('.ant-select'), ['审计员']);
  await expectNoSeriousViolations(page, 'grant dialog');
  await grant.getByTestId('user-grant-save').click();
  await expect(page.getByText('角色配置成功')).toBeVisible();
  await expect(users.row('e2e_lisi')).toContainText('审计员');

  // Disable the user: asked first, then the list shows the hint.
  await page.getByTestId('user-status-e2e_lisi').click();
  await expect(page.getByText('确定停用用户「e2e_lisi」吗？停用后该用户立即退出且不能登录。')).toBeVisible();
  await page.getByTestId('user-toggle-confirm').click();
  await expect(page.getByTestId('user-toggle-confirm')).toBeHidden();
  await expect(page.getByTestId('user-disabled-e2e_lisi')).toBeVisible();
  await expect(page.getByTestId('user-status-e2e_lisi')).not.toBeChecked();
  await expectNoSeriousViolations(page, 'user screen');

  // The role is held now: removing it is refused with the reason, and it stays.
  await shell.openMenu('系统管理', '角色管理');
  await expect(roles.row('e2e_auditor')).toContainText('1');
  // A sub-role goes under it, and gets its users chosen on the role screen.
  await roles.rowAction('e2e_auditor', '新增下级');
  await roles.dialog().getByTestId('role-field-roleName').fill('外部审计');
  await roles.dialog().getByTestId('role-field-roleAlias').fill('e2e_external');
  await roles.dialog().getByTestId('role-dialog-save').click();
  await expect(roles.dialog()).toBeHidden();
  await roles.expand('e2e_auditor');
  await expect(roles.row('e2e_external')).toBeVisible();
  await roles.rowAction('e2e_external', '角色用户');
  const members = page.getByTestId('role-users-dialog');
  await expect(members).toContainText('角色「外部审计」的用户');
  await members.locator('.ant-select').click();
  await page.keyboard.type('e2e_li');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'e2e_lisi' }).click();
  await page.keyboard.press('Escape');
  // antd's option list carries no accessible name of its own, so axe looks once it has closed.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'role users dialog');
  await members.getByTestId('role-users-save').click();
  await expect(page.getByText('角色用户已保存')).toBeVisible();
  await expect(roles.row('e2e_external')).toContainText('1');
  await roles.rowAction('e2e_auditor', '删除');
  await page.getByTestId('role-remove-confirm').click();
  await expect(page.getByText('角色「审计员」下还有 1 位用户，请先移除这些用户')).toBeVisible();
  await expect(roles.row('e2e_auditor')).toBeVisible();

  // The disabled user cannot sign in.
  await shell.signOut();
  await login.signIn('e2e_lisi', 'Secret123');
  await expect(login.error()).toContainText('该用户已被禁用');
});

test('a user gets a new password, is removed after confirmation, and a role leaves once nobody holds it', async ({ page }) => {
  test.setTimeout(60_000);
  const _login = new LoginPage(page);
  await signInAsAdmin(page, '/controller/usermanage');
  const users = new UsersPage(page);
  // Earlier tests leave users of their own: find this one by account, not on the first page.
  await page.getByRole('textbox', { name: '登录账号' }).fill('e2e_lisi');
  await page.keyboard.press('Enter');
  await expect(users.row('e2e_lisi')).toBeVisible();

  // An administrator sets the user's password; the policy is checked before anything is sent.
  await users.rowAction('e2e_lisi', '设置密码');
  const password = page.getByTestId('user-password-dialog');
  await expect(password).toContainText('设置「e2e_lisi」的密码');
  await password.getByTestId('user-password-password').fill('abc');
  await password.getByTestId('user-password-dialog-save').click();
  await expect(password.getByText('密码须为 8 到 32 位，且同时包含字母和数字')).toBeVisible();
  await expectNoSeriousViolations(page, 'password dialog');
  await password.getByTestId('user-password-password').fill('Changed456');
  await password.getByTestId('user-password-password2').fill('Changed456');
  await password.getByTestId('user-password-dialog-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(password).toBeHidden();

  await users.rowAction('e2e_lisi', '删除');
  await expect(page.getByText('此操作将永久删除用户「e2e_lisi」，是否继续？')).toBeVisible();
  await page.getByTestId('user-remove-confirm').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(users.row('e2e_lisi')).toHaveCount(0);

  await page.goto('/controller/rolemanage');
  const roles = new RolesPage(page);
  // Its sub-role goes first: a role with sub-roles is not removed.
  await roles.rowAction('e2e_auditor', '删除');
  await page.getByTestId('role-remove-confirm').click();
  await expect(page.getByText('角色「审计员」还有下级角色，请先删除下级角色')).toBeVisible();
  await roles.expand('e2e_auditor');
  await roles.rowAction('e2e_external', '删除');
  await page.getByTestId('role-remove-confirm').click();
  await expect(roles.row('e2e_external')).toHaveCount(0);
  await roles.rowAction('e2e_auditor', '删除');
  await page.getByTestId('role-remove-confirm').click();
  await expect(roles.row('e2e_auditor')).toHaveCount(0);
});

// Pictures of both screens to look at: zh and en, desktop and phone.
for (const language of ['zh', 'en'] as const) {
  for (const width of [1440, 375] as const) {
    test(`the user and role screens in ${language} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const login = new LoginPage(page);
      await login.open();
      if (language !== 'zh') await switchLanguage(page, language);
      await login.signIn();
      await expect(page.getByTestId('welcome-page')).toBeVisible();
      await page.goto('/controller/usermanage');
      await expect(new UsersPage(page).row('admin')).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/users-${language}-${width}.png`, fullPage: true, animations: 'disabled' });
      await page.getByTestId('user-add').click();
      await expect(page.getByTestId('user-dialog')).toBeVisible();
      await page.getByTestId('user-dialog-save').click();
      await expect(page.getByText(language === 'zh' ? '请输入登录账号' : 'Please enter the account')).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/users-dialog-${language}-${width}.png`, animations: 'disabled' });
      await page.getByTestId('user-field-deptId').click();
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').first()).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/users-dialog-dept-${language}-${width}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.goto('/controller/rolemanage');
      await expect(new RolesPage(page).row('administrator')).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/roles-${language}-${width}.png`, fullPage: true, animations: 'disabled' });
    });
  }
}

test('a link to /controller/userEdit opens that user’s form on its own page; without an id it adds one; an unknown id is not found', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const account = `e2e_link_${Date.now().toString(36)}`;
  const id = await createUserByApi(request, account, '链接用户', 'Link@123456');
  try {
    await signInAsAdmin(page, `/controller/userEdit?id=${id}`);
    const users = new UsersPage(page);
    await expect(users.dialog()).toContainText('编辑用户');
    await expect(users.dialog().getByTestId('user-field-account')).toHaveValue(account);
    await expect(page).toHaveTitle(/编辑用户/);
    await users.dialog().getByTestId('user-field-name').fill('链接用户改');
    await expectNoSeriousViolations(page, 'the user edit page');
    await screenshot(page, { path: 'e2e/artifacts/screens/user-edit-zh-1440.png', animations: 'disabled' });
    await users.dialog().getByTestId('user-dialog-save').click();
    // Saved, and the list is where it lands.
    await expect(page).toHaveURL(/\/controller\/usermanage$/);
    await expect(users.row(account)).toContainText('链接用户改');
    await page.goto('/controller/userEdit');
    await expect(users.dialog()).toContainText('新增用户');
    await expect(users.dialog().getByTestId('user-field-account')).toHaveValue('');
    await page.goto('/controller/userEdit?id=999999999');
    await expect(page.getByText('404')).toBeVisible();
    // The same page in English and on a phone.
    await page.goto('/wel/index');
    await switchLanguage(page, 'en');
    await page.goto(`/controller/userEdit?id=${id}`);
    await expect(users.dialog()).toContainText('Edit user');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousViolations(page, 'the user edit page at 375 px');
    await screenshot(page, { path: 'e2e/artifacts/screens/user-edit-en-375.png', animations: 'disabled' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/wel/index');
    await switchLanguage(page, 'zh');
  } finally {
    await api.post(`/api/macro-user/remove?ids=${id}`, {});
  }
});
