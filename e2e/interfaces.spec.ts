import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';
import { SERVER_PORT } from './support/slot.ts';
import { shot } from './support/screens.ts';

/** A schema on this machine's PostgreSQL for the data source to read (named for the worker's server). */
const SCHEMA = `e2e_interfaces_${SERVER_PORT}`;
const postgres = () => new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000 });

let hasPostgres = true;
test.beforeAll(async () => {
  const client = postgres();
  try {
    await client.connect();
  } catch {
    hasPostgres = false;
    return;
  }
  await client.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA};
    create table ${SCHEMA}.staff (id integer primary key, name text not null, dept text not null);
    insert into ${SCHEMA}.staff values (1, '张三', 'sales'), (2, '李四', 'dev'), (3, '王五', 'sales');`);
  await client.end();
});
test.afterAll(async () => {
  if (!hasPostgres) return;
  const client = postgres();
  await client.connect();
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.end();
});

test('an administrator publishes a data source as an interface in a category, enables it, calls it from the screen, and disables it again — in zh, en and on a phone', async ({
  page,
  request,
}) => {
  test.skip(!hasPostgres, 'no PostgreSQL on 127.0.0.1:5432 (user postgres, database postgres)');
  test.setTimeout(120_000);
  // What the interface reads: a data source with a parameter, on a link to the local PostgreSQL.
  const api = await adminApi(request);
  const link = await api.post<{ id: number }>('/api/database-links', {
    name: `员工库 ${SERVER_PORT}`,
    kind: 'postgresql',
    host: '127.0.0.1',
    port: 5432,
    database: 'postgres',
    username: 'postgres',
    schema: SCHEMA,
  });
  const source = await api.post<{ id: number }>('/api/data-sources', {
    name: '部门员工',
    linkId: link.id,
    sql: 'select id, name from staff where dept = @dept order by id',
    parameters: [{ name: 'dept', label: '部门', type: 'text', defaultValue: 'sales' }],
  });

  await signInAsAdmin(page, '/data/interface');
  await expect(page.getByTestId('interface-page')).toBeVisible();
  const categoryDialog = page.getByTestId('interface-category-dialog');
  const dialog = page.getByTestId('interface-dialog');
  const field = (name: string) => dialog.getByTestId(`interface-field-${name}`);
  const row = (text: string) => page.getByTestId('interface-table').locator('tbody tr.ant-table-row').filter({ hasText: text });
  const categories = page.getByTestId('interface-category-tree');

  // A category, through its dialog.
  await page.getByTestId('interface-category-add').click();
  await categoryDialog.getByTestId('interface-category-field-name').fill('人事接口');
  await expectNoSeriousViolations(page, 'interface category dialog');
  await categoryDialog.getByTestId('interface-category-dialog-save').click();
  await expect(categoryDialog).toBeHidden();
  await categories.getByText('人事接口').click();

  // The dialog from the keyboard: Enter opens it, Esc closes an untouched one.
  await page.getByTestId('interface-add').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A data-source interface, in the category chosen in the tree.
  await page.getByTestId('interface-add').click();
  await expect(field('categoryId')).toContainText('人事接口');
  await field('name').fill('在职员工');
  await field('code').fill('staff-list');
  await dialog.getByTestId('interface-dialog-save').click();
  await expect(dialog.getByText('路径为 1 到 6 段，每段由小写字母、数字和连字符组成，以 / 分隔')).toBeVisible();
  await field('path').fill('hr/staff');
  await expect(field('path-address')).toContainText('/api/open/hr/staff');
  await field('dataSourceId').click();
  await page.getByTitle('部门员工').click();
  await field('permission').fill('report:read');
  await field('anonymous').click();
  await expect(field('permission')).toBeDisabled();
  await expect(field('permission')).toHaveValue('');
  await field('anonymous').click();
  await expect(field('permission')).toBeEnabled();
  await expectNoSeriousViolations(page, 'interface dialog');
  await shot(page, 'interfaces-dialog-zh-1440');
  await dialog.getByTestId('interface-dialog-save').click();
  await expect(dialog).toBeHidden();
  const created = row('在职员工');
  await expect(created).toContainText('/api/open/hr/staff');
  await expect(created).toContainText('部门员工');
  await expect(created).toContainText('已停用');
  await expectNoSeriousViolations(page, 'interfaces list');
  await shot(page, 'interfaces-zh-1440');

  // Enabled, it answers at once: the rows of its data source, with the parameter as typed.
  await clickRowAction(created, '启用');
  await expect(created).toContainText('已启用');
  await clickRowAction(created, '调试');
  const panel = page.getByTestId('interface-try');
  await expect(panel.getByTestId('interface-try-param-dept')).toHaveValue('sales');
  await panel.getByTestId('interface-try-send').click();
  await expect(panel.getByTestId('interface-try-status')).toHaveText('200');
  await expect(panel.getByTestId('interface-try-time')).toHaveText(/^\d+ ms$/);
  const body = panel.getByTestId('interface-try-body');
  await expect(body).toContainText('张三');
  await expect(body).toContainText('王五');
  await expect(body).not.toContainText('李四');
  // Enter in a parameter sends too.
  await panel.getByTestId('interface-try-param-dept').fill('dev');
  await page.keyboard.press('Enter');
  await expect(body).toContainText('李四');
  await expect(body).not.toContainText('张三');
  await expectNoSeriousViolations(page, 'interface try panel');
  await shot(page, 'interfaces-try-zh-1440');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The calls are logged.
  await clickRowAction(created, '调用记录');
  const log = page.getByTestId('interface-calls-drawer');
  await expect(log.getByTestId('interface-calls-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(log.getByTestId('interface-calls-table')).toContainText('200');
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  // Disabled, its address answers 404, and the panel says why.
  await clickRowAction(created, '停用');
  await expect(created).toContainText('已停用');
  await clickRowAction(created, '调试');
  await panel.getByTestId('interface-try-send').click();
  await expect(panel.getByTestId('interface-try-status')).toHaveText('404');
  await expect(panel.getByTestId('interface-try-404')).toContainText('接口未启用或不存在');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The product's own operations, in the other tab.
  await page.getByTestId('interface-tab-catalogue').click();
  const keyword = page.getByTestId('interface-catalogue-search').getByLabel('关键字');
  await keyword.fill('xjr-interface-category');
  await keyword.press('Enter');
  await expect(page.getByTestId('interface-catalogue-table')).toContainText('/xjr-interface-category/tree');
  await expect(page.getByTestId('interface-catalogue-table')).toContainText('interface:view');
  await expectNoSeriousViolations(page, 'product operations');
  await shot(page, 'interfaces-catalogue-zh-1440');

  // On a phone, and in English.
  await page.getByTestId('interface-tab-custom').click();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(created).toBeVisible();
  await expectNoSeriousViolations(page, 'interfaces list at 375px');
  await shot(page, 'interfaces-zh-375');
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('interface-add')).toHaveText(/Add/);
  await shot(page, 'interfaces-en-375');
  await clickRowAction(created, 'Try it');
  await panel.getByTestId('interface-try-send').click();
  await expect(panel.getByTestId('interface-try-404')).toContainText('disabled or does not exist');
  await expectNoSeriousViolations(page, 'interface try panel at 375px in en');
  await shot(page, 'interfaces-try-en-375');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(created).toContainText('Disabled');
  await expectNoSeriousViolations(page, 'interfaces list in en');
  await shot(page, 'interfaces-en-1440');
  await clickRowAction(created, 'Edit');
  await expect(field('path')).toHaveValue('hr/staff');
  await shot(page, 'interfaces-dialog-en-1440');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Removed through the screen: the interface, then its empty category.
  await clickRowAction(created, 'Delete');
  await page.getByTestId('interface-remove-confirm').click();
  await expect(created).toHaveCount(0);
  await categories.getByText('人事接口').click();
  await page.getByTestId('interface-category-remove').click();
  await page.getByTestId('interface-category-remove-confirm').click();
  await expect(categories.getByText('人事接口')).toHaveCount(0);

  await api.remove(`/api/data-sources?ids=${source.id}`);
  await api.remove(`/api/database-links?ids=${link.id}`);
});
