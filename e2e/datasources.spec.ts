import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';
import { SERVER_PORT } from './support/slot.ts';

/** A table on this machine's MariaDB for the data source to read (named for the worker's server). */
const TABLE = `e2e_staff_${SERVER_PORT}`;
const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true, connectTimeout: 2000 });

let mariadb = true;
test.beforeAll(async () => {
  const connection = await root().catch(() => null);
  if (!connection) {
    mariadb = false;
    return;
  }
  await connection.query(`drop table if exists ${TABLE}; create table ${TABLE} (id int primary key, name varchar(20), dept varchar(20));
    insert into ${TABLE} values (1, '张三', 'sales'), (2, '李四', 'dev'), (3, '王五', 'sales');`);
  await connection.end();
});
test.afterAll(async () => {
  const connection = await root().catch(() => null);
  await connection?.query(`drop table if exists ${TABLE}`);
  await connection?.end();
});

test('an administrator defines a data source with a parameter on a MariaDB link, tries it, keeps it, and is refused a write — in zh, en and on a phone', async ({
  page,
  request,
}, info) => {
  test.skip(!mariadb, 'no MariaDB on 127.0.0.1:3306 (root, no password, database test)');
  const api = await adminApi(request);
  const link = await api.post<{ id: number }>('/api/database-links', {
    name: `人事库 ${SERVER_PORT}`,
    kind: 'mysql',
    host: '127.0.0.1',
    port: 3306,
    database: 'test',
    username: 'root',
  });
  await signInAsAdmin(page);
  await page.goto('/data/dataSource');
  await expect(page.getByTestId('data-source-page')).toBeVisible();
  const dialog = page.getByTestId('data-source-dialog');
  const field = (name: string) => dialog.getByTestId(`data-source-field-${name}`);
  const row = (text: string) => page.getByTestId('data-source-table').locator('tbody tr.ant-table-row').filter({ hasText: text });

  await page.getByTestId('data-source-add').click();
  await field('name').fill('部门员工');
  await field('linkId').click();
  await page.getByTitle(`人事库 ${SERVER_PORT} (mysql)`).click();
  // A write is refused with the reason, before anything runs.
  await field('sql').fill(`delete from ${TABLE}`);
  await dialog.getByTestId('data-source-dialog-save').click();
  await expect(page.getByText(/查询不被允许/)).toBeVisible();
  await field('sql').fill(`select id, name from ${TABLE} where dept = @dept order by id`);
  await dialog.getByTestId('data-source-field-parameters-add').click();
  await dialog.getByTestId('data-source-field-parameters-name-0').fill('dept');
  await dialog.getByTestId('data-source-field-parameters-default-0').fill('sales');
  await dialog.getByTestId('data-source-preview').click();
  const result = page.getByTestId('data-source-preview-result');
  await expect(result).toContainText('张三');
  await expect(result).toContainText('王五');
  await expect(result).not.toContainText('李四');
  await expectNoSeriousViolations(page, 'data source preview');
  await page.keyboard.press('Escape');
  await expect(result).toBeHidden();
  await expectNoSeriousViolations(page, 'data source dialog');
  await page.screenshot({ path: info.outputPath('data-source-dialog-zh.png') });
  await dialog.getByTestId('data-source-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(row('部门员工')).toContainText('@dept');

  // What forms and exports read: the rows with a parameter given.
  const [kept] = (await api.get<{ records: { id: number; name: string }[] }>('/api/data-sources/page?name=部门员工')).records;
  const data = await api.get<{ records: { name: string }[] }>(`/api/data-sources/${kept.id}/data?params=${encodeURIComponent('{"dept":"dev"}')}`);
  expect(data.records.map((r) => r.name)).toEqual(['李四']);
  await expectNoSeriousViolations(page, 'data sources list');

  await switchLanguage(page, 'en');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('data-source-add')).toHaveText(/Add/);
  await expectNoSeriousViolations(page, 'data sources list at 375px in en');
  await page.screenshot({ path: info.outputPath('data-sources-en-375.png') });
  await clickRowAction(row('部门员工'), 'Delete');
  await page.getByTestId('data-source-remove-confirm').click();
  await expect(row('部门员工')).toHaveCount(0);
  await request.delete(`/api/database-links?ids=${link.id}`, { headers: { 'macro-auth': `bearer ${api.token}` } });
});
