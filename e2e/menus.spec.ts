import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { MenusPage } from './pages/menus.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SCREENS, screenshot } from './support/screens.ts';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

async function openMenus(page: Page) {
  await new Shell(page).openMenu('系统管理', '菜单管理');
  await expect(page).toHaveURL(/\/controller\/menusetting$/);
}

test('adds a menu and a button, sees the menu in the sidebar, edits and deletes them', async ({ page }) => {
  test.setTimeout(120_000);
  await openMenus(page);
  const menus = new MenusPage(page);
  const sideMenu = page.getByTestId('side-menu');
  await expect(menus.row('系统管理')).toBeVisible();
  await menus.expand('系统管理');
  await expect(menus.row('菜单管理')).toContainText('/controller/menusetting');
  await expect(menus.row('菜单管理')).toContainText('menu:view');

  // A top-level menu: the dialog checks the fields first.
  await page.getByTestId('menu-add').click();
  const dialog = menus.dialog();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('menu-dialog-save').click();
  await expect(dialog.getByText('请输入菜单名称')).toBeVisible();
  await expect(dialog.getByText('请输入菜单编号')).toBeVisible();
  await dialog.getByTestId('menu-field-name').fill('端到端报表');
  await dialog.getByTestId('menu-field-code').fill('e2e:report');
  await dialog.getByTestId('menu-field-path').fill('report/index');
  await dialog.getByTestId('menu-field-name').focus();
  await expect(dialog.getByText('路由地址须以 / 开头，或是 http(s) 链接')).toBeVisible();
  // A link (opens in the frame page): the sidebar offers only what the console can open.
  await dialog.getByTestId('menu-field-path').fill('https://report.example.com/e2e');
  await menus.chooseOption('menu-field-source', 'BarChartOutlined');
  await dialog.getByTestId('menu-field-sort').fill('99');
  await expectNoSeriousViolations(page, 'the menu dialog');
  await screenshot(page, { path: `${SCREENS}/menus-dialog-zh-1440.png`, animations: 'disabled' });
  await dialog.getByTestId('menu-dialog-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(menus.row('端到端报表')).toContainText('e2e:report');
  // The current user's sidebar shows it at once.
  await expect(sideMenu.getByRole('menuitem', { name: '端到端报表' })).toBeVisible();

  // A code is unique.
  await page.getByTestId('menu-add').click();
  await dialog.getByTestId('menu-field-name').fill('重复');
  await dialog.getByTestId('menu-field-code').fill('menu:view');
  await dialog.getByTestId('menu-dialog-save').click();
  await expect(page.getByText('菜单编号「menu:view」已存在')).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await page.getByTestId('menu-dialog-discard').click();

  // A button under it, through the row's "add child".
  await clickRowAction(menus.row('端到端报表'), '新增子项');
  await expect(dialog.getByTestId('menu-field-parentId')).toContainText('端到端报表');
  await dialog.getByTestId('menu-field-category').getByText('按钮', { exact: true }).click();
  await dialog.getByTestId('menu-field-name').fill('导出报表');
  await dialog.getByTestId('menu-field-code').fill('e2e:report:export');
  await dialog.getByTestId('menu-dialog-save').click();
  await expect(dialog).toBeHidden();
  const button = menus.row('导出报表');
  await expect(button).toContainText('按钮');
  // A button takes no children.
  await expect(button.getByRole('button', { name: '新增子项', exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the menu screen');
  await screenshot(page, { path: `${SCREENS}/menus-zh-1440.png`, animations: 'disabled' });

  // Edit the menu: the sidebar follows.
  await clickRowAction(menus.row('端到端报表').first(), '编辑');
  await expect(dialog.getByTestId('menu-field-code')).toHaveValue('e2e:report');
  await dialog.getByTestId('menu-field-name').fill('端到端报表中心');
  await dialog.getByTestId('menu-dialog-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(menus.row('端到端报表中心')).toBeVisible();
  await expect(sideMenu.getByRole('menuitem', { name: '端到端报表中心' })).toBeVisible();

  // A menu with a button under it is not deleted; the button first, then the menu.
  await clickRowAction(menus.row('端到端报表中心'), '删除');
  await expect(page.getByText('确定永久删除「端到端报表中心」吗？已授予各角色的该权限也会一并收回。')).toBeVisible();
  await page.getByTestId('menu-remove-confirm').click();
  await expect(page.getByText('菜单「端到端报表中心」下还有子菜单或按钮，请先删除它们')).toBeVisible();
  await clickRowAction(menus.row('导出报表'), '删除');
  await page.getByTestId('menu-remove-confirm').click();
  await expect(menus.row('导出报表')).toHaveCount(0);
  await clickRowAction(menus.row('端到端报表中心'), '删除');
  await page.getByTestId('menu-remove-confirm').click();
  await expect(menus.row('端到端报表中心')).toHaveCount(0);
  await expect(sideMenu.getByRole('menuitem', { name: '端到端报表中心' })).toHaveCount(0);

  // A search shows the matches with the menus above them.
  await page.getByTestId('menu-search').getByPlaceholder('请输入菜单编号').fill('dict:add');
  await page
    .getByTestId('menu-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(menus.row('字典管理')).toBeVisible();
  await expect(menus.table().locator('tbody tr.ant-table-row').filter({ hasText: 'dict:add' })).toBeVisible();
});

test('the menu screen in English and on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await openMenus(page);
  const menus = new MenusPage(page);
  await menus.expand('系统管理');
  await expect(menus.row('菜单管理')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the menu screen at 375px');
  await screenshot(page, { path: `${SCREENS}/menus-zh-375.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('menu-panel')).toContainText('Menus');
  await screenshot(page, { path: `${SCREENS}/menus-en-1440.png`, animations: 'disabled' });
  await page.getByTestId('menu-add').click();
  await menus.dialog().getByTestId('menu-dialog-save').click();
  await expect(menus.dialog().getByText('Please enter the menu name')).toBeVisible();
  await expectNoSeriousViolations(page, 'the menu dialog in English');
  await screenshot(page, { path: `${SCREENS}/menus-dialog-en-1440.png`, animations: 'disabled' });
  await menus.dialog().getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the menu screen in English at 375px');
  await screenshot(page, { path: `${SCREENS}/menus-en-375.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');
});
