import { expect, test } from '@playwright/test';
import { DictPage } from './pages/dict.ts';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { screenshot } from './support/screens.ts';

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
  await new Shell(page).openMenu('系统管理', '字典管理');
  await expect(page).toHaveURL(/\/controller\/dictionaries$/);
  // The browser's tab names the page.
  await expect(page).toHaveTitle('字典管理 - 文件管理后台 2.0');
});

test('creates, validates, edits and deletes parent and child dictionaries', async ({ page }) => {
  const dict = new DictPage(page);
  await expect(dict.row(dict.parents(), 'CompanyNature')).toBeVisible();

  // The spec's messages appear on blur and on save.
  await page.getByTestId('dict-parent-add').click();
  await expect(dict.dialog()).toBeVisible();
  await dict.dialog().getByTestId('dict-field-code').focus();
  await dict.dialog().getByTestId('dict-field-dictKey').focus();
  await expect(dict.dialog().getByText('请输入字典编号')).toBeVisible();
  await dict.save();
  await expect(dict.dialog().getByText('请输入字典键值')).toBeVisible();
  await expect(dict.dialog().getByText('请输入字典名称')).toBeVisible();
  // The length rule counts a Chinese character as 2: 51 of them exceed 100.
  await dict.fill({ name: '长'.repeat(51) });
  await dict.dialog().getByTestId('dict-field-dictKey').focus();
  await expect(dict.dialog().getByText('不能超过100个字符')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/dict-dialog-zh.png', animations: 'disabled' });
  // An outside click does not close the dialog.
  await page.mouse.click(10, 450);
  await expect(dict.dialog()).toBeVisible();
  await dict.fill({ code: 'E2eColour', key: '-1', name: '颜色' });
  await dict.save();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dict.dialog()).toBeHidden();
  await expect(dict.row(dict.parents(), 'E2eColour')).toContainText('颜色');

  // A duplicate code is refused by the server with its message.
  await page.getByTestId('dict-parent-add').click();
  await dict.fill({ code: 'E2eColour', key: '-1', name: '重复' });
  await dict.save();
  await expect(page.getByText('字典编号「E2eColour」已存在')).toBeVisible();
  // The dialog keeps what was typed; cancelling asks before throwing it away.
  await dict
    .dialog()
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(page.getByRole('dialog', { name: '放弃未保存的修改？' })).toBeVisible();
  await dict.discard();
  await expect(dict.dialog()).toBeHidden();

  // Child entries: the code comes from the parent and cannot be edited.
  await dict.select('E2eColour');
  await page.getByTestId('dict-child-add').click();
  await expect(dict.dialog().getByTestId('dict-field-code')).toBeDisabled();
  await expect(dict.dialog().getByTestId('dict-field-code')).toHaveValue('E2eColour');
  await dict.fill({ key: 'red', name: '红色' });
  await dict.save();
  await expect(dict.row(dict.children(), '红色')).toBeVisible();
  await expect(dict.row(dict.children(), '红色')).toContainText('red');

  await dict.rowAction(dict.children(), '红色', '编辑');
  await expect(dict.dialog().getByTestId('dict-field-code')).toBeDisabled();
  await dict.fill({ name: '大红', sort: '3' });
  await dict.save();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dict.row(dict.children(), '大红')).toContainText('3');
  await expect(dict.dialog()).toBeHidden();
  await screenshot(page, { path: 'e2e/artifacts/dict-zh.png', animations: 'disabled' });

  // A parent with entries is not deleted; its entries first, then the parent.
  await dict.rowAction(dict.parents(), 'E2eColour', '删除');
  await expect(page.getByText('确定永久删除字典「颜色」吗？')).toBeVisible();
  await dict.confirmRemove();
  await expect(page.getByText('字典「颜色」下还有子项，请先删除子项')).toBeVisible();
  await dict.rowAction(dict.children(), '大红', '删除');
  await expect(page.getByText('确定永久删除字典「大红」吗？')).toBeVisible();
  await dict.confirmRemove();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(dict.row(dict.children(), '大红')).toHaveCount(0);
  await dict.rowAction(dict.parents(), 'E2eColour', '删除');
  await expect(page.getByText('确定永久删除字典「颜色」吗？')).toBeVisible();
  await dict.confirmRemove();
  await expect(dict.row(dict.parents(), 'E2eColour')).toHaveCount(0);
});

test('searches parents by code and name, and views an entry read-only', async ({ page }) => {
  const dict = new DictPage(page);
  const search = page.getByTestId('dict-parent-search');
  await search.getByPlaceholder('请输入字典编号').fill('Department');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(dict.row(dict.parents(), 'DepartmentNature')).toBeVisible();
  await expect(dict.row(dict.parents(), 'CompanyNature')).toHaveCount(0);
  await search.getByRole('button', { name: /清\s*空/ }).click();
  await search.getByPlaceholder('请输入字典名称').fill('公司');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(dict.row(dict.parents(), 'CompanyNature')).toBeVisible();
  await expect(dict.row(dict.parents(), 'DepartmentNature')).toHaveCount(0);

  await dict.select('CompanyNature');
  await expect(dict.row(dict.children(), '国有企业')).toBeVisible();
  await dict.rowAction(dict.children(), '国有企业', '查看');
  await expect(dict.dialog()).toContainText('查看字典');
  await expect(dict.dialog().getByTestId('dict-dialog-save')).toHaveCount(0);
});

test('the dictionary screen in English', async ({ page }) => {
  await switchLanguage(page, 'en');
  const dict = new DictPage(page);
  await dict.select('CompanyNature');
  await expect(page.getByTestId('dict-parent-panel')).toContainText('Dictionaries');
  await page.getByTestId('dict-parent-add').click();
  await dict.save();
  await expect(dict.dialog().getByText('Please enter the dictionary code')).toBeVisible();
  await screenshot(page, { path: 'e2e/artifacts/dict-dialog-en.png', animations: 'disabled' });
  await dict.dialog().getByRole('button', { name: 'Cancel' }).click();
  await screenshot(page, { path: 'e2e/artifacts/dict-en.png', animations: 'disabled' });
  await switchLanguage(page, 'zh');
});
