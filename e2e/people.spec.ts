import { expect, type Page, test } from '@playwright/test';
import { ConsumersPage } from './pages/consumers.ts';
import { LoginPage, switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { UsersPage } from './pages/users.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { screenshot } from './support/screens.ts';

const LOCKED = '连续登录失败次数过多，账号已锁定，请稍后再试或联系管理员解锁';
/** The server's configured reset password (MACRO_RESET_PASSWORD, default): the console only repeats what the server says. */
const RESET_PASSWORD = 'Macro@123456';

/** Chooses options of an open multi-select by their labels. */
async function pickOptions(page: Page, labels: string[]) {
  for (const label of labels) {
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test('an administrator gives a user posts, unlocks them after failed sign-ins and resets their password', async ({ page }) => {
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  const shell = new Shell(page);
  const users = new UsersPage(page);
  await login.open();
  await login.signIn();
  await expect(page.getByTestId('welcome-page')).toBeVisible();

  // A user with two posts, chosen in the dialog and shown in the list.
  await shell.openMenu('系统管理', '用户管理');
  await expect(users.row('admin')).toBeVisible();
  await page.getByTestId('user-add').click();
  await users.fill({ account: 'e2e_wang', name: '王五', password: 'Secret123', password2: 'Secret123' });
  await users.dialog().getByTestId('user-field-postIds').click();
  await pickOptions(page, ['总经理', '职员']);
  await expectNoSeriousViolations(page, 'user dialog with posts');
  await users.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(users.row('e2e_wang')).toContainText('总经理,职员');

  // Editing keeps the posts and lets one go.
  await users.rowAction('e2e_wang', '编辑');
  const posts = users.dialog().getByTestId('user-field-postIds');
  await expect(posts).toContainText('总经理');
  await posts.locator('.ant-select-selection-item', { hasText: '总经理' }).locator('.ant-select-selection-item-remove').click();
  await users.save();
  await expect(users.dialog()).toBeHidden();
  await expect(users.row('e2e_wang')).not.toContainText('总经理');
  await expect(users.row('e2e_wang')).toContainText('职员');

  // Five wrong passwords lock the account; then even the right one is refused.
  await shell.signOut();
  for (let i = 0; i < 5; i++) {
    await login.signIn('e2e_wang', `Wrong${i}pass`);
    await expect(login.error()).toBeVisible();
  }
  await login.signIn('e2e_wang', 'Secret123');
  await expect(login.error()).toContainText(LOCKED);

  // The administrator sees the lock and lifts it from the screen.
  await login.signIn();
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  await page.goto('/controller/usermanage');
  await expect(page.getByTestId('user-locked-e2e_wang')).toBeVisible();
  await expectNoSeriousViolations(page, 'user screen with a locked user');
  await screenshot(page, { path: 'e2e/artifacts/screens/users-locked-zh.png', fullPage: true, animations: 'disabled' });
  await page.getByTestId('user-unlock').click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();
  await users.row('e2e_wang').getByRole('checkbox', { name: '选择「e2e_wang」' }).check();
  await page.getByTestId('user-unlock').click();
  await expect(page.getByText('立即解除用户“e2e_wang”的登录锁定？')).toBeVisible();
  await page.getByTestId('user-unlock-confirm').click();
  await expect(page.getByText('已解锁 1 个账号')).toBeVisible();
  await expect(page.getByTestId('user-locked-e2e_wang')).toHaveCount(0);

  // Reset: the confirmation states the reset password as the server has it.
  await page.getByTestId('user-reset-password').click();
  await expect(page.getByText(`确定将用户“e2e_wang”的密码重置为 ${RESET_PASSWORD} 吗？`)).toBeVisible();
  await expectNoSeriousViolations(page, 'reset confirmation');
  await screenshot(page, { path: 'e2e/artifacts/screens/users-reset-zh.png', animations: 'disabled' });
  await page.getByTestId('user-reset-confirm').click();
  await expect(page.getByText(`密码已重置为 ${RESET_PASSWORD}`)).toBeVisible();

  // The user signs in with it and is sent to change it first.
  await shell.signOut();
  await login.signIn('e2e_wang', RESET_PASSWORD);
  await expect(page).toHaveURL(/\/info\/password$/);
});

test('an administrator adds, finds, edits, disables and deletes a consumer user', async ({ page }) => {
  test.setTimeout(120_000);
  const _login = new LoginPage(page);
  await signInAsAdmin(page);
  await expect(page.getByTestId('welcome-page')).toBeVisible();
  await new Shell(page).openMenu('系统管理', '消费者用户');
  await expect(page).toHaveURL(/\/controller\/consumerManage$/);
  const consumers = new ConsumersPage(page);

  // The spec's rules show before anything is sent.
  await page.getByTestId('consumer-add').click();
  await consumers.fill({ account: '会员', mobile: '12345', email: 'nope' });
  await consumers.save();
  await expect(consumers.dialog().getByText('请输入姓名')).toBeVisible();
  await expect(consumers.dialog().getByText('只能输入字母、数字或下划线，且不超过100个字符')).toBeVisible();
  await expect(consumers.dialog().getByText('请输入正确的手机号码')).toBeVisible();
  await expect(consumers.dialog().getByText('请输入正确的邮箱')).toBeVisible();
  await expectNoSeriousViolations(page, 'consumer dialog');
  await consumers.fill({ account: 'm_zhao', name: '赵六', mobile: '13912345678', email: 'zhao@example.com', remark: '金卡会员' });
  await consumers.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(consumers.row('m_zhao')).toContainText('13912345678');

  // A second member with the same mobile is refused by the server, with its message.
  await page.getByTestId('consumer-add').click();
  await consumers.fill({ account: 'm_qian', name: '钱七', mobile: '13912345678' });
  await consumers.save();
  await expect(page.getByText('手机号「13912345678」已被其他消费者用户使用')).toBeVisible();
  await consumers.fill({ mobile: '13700000000' });
  await consumers.save();
  await expect(consumers.dialog()).toBeHidden();

  // Search by mobile.
  await page.getByTestId('consumer-search').getByLabel('手机号').fill('1391234');
  await page
    .getByTestId('consumer-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(consumers.row('m_zhao')).toBeVisible();
  await expect(consumers.row('m_qian')).toHaveCount(0);

  // Edit, then disable with the switch.
  await consumers.rowAction('m_zhao', '编辑');
  await consumers.fill({ name: '赵六六' });
  await consumers.save();
  await expect(consumers.dialog()).toBeHidden();
  await expect(consumers.row('m_zhao')).toContainText('赵六六');
  await page.getByTestId('consumer-status-m_zhao').click();
  await expect(page.getByText('已停用')).toBeVisible();
  await expect(page.getByTestId('consumer-status-m_zhao')).not.toBeChecked();
  await expectNoSeriousViolations(page, 'consumer screen');
  await screenshot(page, { path: 'e2e/artifacts/screens/consumers-zh-1440.png', fullPage: true, animations: 'disabled' });

  // Delete after confirming.
  await consumers.rowAction('m_zhao', '删除');
  await expect(page.getByText('确定永久删除消费者用户“m_zhao”吗？')).toBeVisible();
  await page.getByTestId('consumer-remove-confirm').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(consumers.row('m_zhao')).toHaveCount(0);
});

// Pictures to look at: zh and en, desktop and phone.
for (const language of ['zh', 'en'] as const) {
  for (const width of [1440, 375] as const) {
    test(`the consumer screen and the user dialog's posts in ${language} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const login = new LoginPage(page);
      await login.open();
      if (language !== 'zh') await switchLanguage(page, language);
      await login.signIn();
      await expect(page.getByTestId('welcome-page')).toBeVisible();
      await page.goto('/controller/consumerManage');
      await expect(page.getByTestId('consumer-table')).toBeVisible();
      await page.getByTestId('consumer-add').click();
      await page.getByTestId('consumer-dialog-save').click();
      await expect(page.getByText(language === 'zh' ? '请输入账号' : 'Please enter the account').first()).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/consumers-dialog-${language}-${width}.png`, animations: 'disabled' });
      await page.goto('/controller/usermanage');
      await expect(new UsersPage(page).row('admin')).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/users-posts-${language}-${width}.png`, fullPage: true, animations: 'disabled' });
      await new UsersPage(page).rowAction('admin', language === 'zh' ? '编辑' : 'Edit');
      await expect(page.getByTestId('user-field-postIds')).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/users-dialog-posts-${language}-${width}.png`, animations: 'disabled' });
    });
  }
}
