import { expect, type Page, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';
import { SERVER_PORT } from './support/slot.ts';
import { screenshot } from './support/screens.ts';

/** Picks the option of the open drop-down whose text matches. */
const pick = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click();

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
  await signInAsAdmin(page, '/data/dataSource');
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
  await screenshot(page, { path: info.outputPath('data-source-dialog-zh.png') });
  await dialog.getByTestId('data-source-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(row('部门员工')).toContainText('@dept');

  // What forms and exports read: the rows with a parameter given.
  const [kept] = (await api.get<{ records: { id: number; name: string }[] }>('/api/data-sources/page?name=部门员工')).records;
  const data = await api.get<{ records: { name: string }[] }>(`/api/data-sources/${kept.id}/data?params=${encodeURIComponent('{"dept":"dev"}')}`);
  expect(data.records.map((r) => r.name)).toEqual(['李四']);
  await expectNoSeriousViolations(page, 'data sources list');

  // A form's drop-down takes its options from the data source: chosen in the designer, offered when the form is filled in.
  const formCode = `e2e_ds_${SERVER_PORT}_${Date.now().toString(36)}`;
  await page.goto('/workflow/forms');
  await page.getByTestId('form-add').click();
  const designer = page.getByTestId('form-designer');
  await designer.getByTestId('designer-name').fill(`员工登记 ${formCode}`);
  await designer.getByTestId('designer-code').fill(formCode);
  await designer.getByTestId('palette-select').click();
  await designer.getByTestId('prop-title').fill('员工');
  await designer.getByTestId('prop-option-source').click();
  await pick(page, '数据源');
  await designer.getByTestId('prop-data-source').click();
  await pick(page, '部门员工');
  await designer.getByTestId('prop-data-source-value').click();
  await pick(page, /^id /);
  await designer.getByTestId('prop-data-source-label').click();
  await pick(page, /^name /);
  const properties = designer.getByTestId('field-properties');
  await expectNoSeriousViolations(page, 'a choice from a data source in the designer');
  await screenshot(properties, { path: info.outputPath('form-field-data-source-zh.png') });
  // The preview reads the data source itself: its parameter at its default (sales).
  await designer.getByRole('tab', { name: '预览' }).click();
  await designer.getByTestId('designer-preview').locator('#root_select1').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['张三', '王五']);
  await page.keyboard.press('Escape');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  const formRow = page.getByTestId('form-table').locator('tbody tr.ant-table-row').filter({ hasText: formCode });
  await clickRowAction(formRow, '数据');
  const records = page.getByTestId('form-records');
  await records.getByTestId('record-add').click();
  await page.getByTestId('record-form').locator('#root_select1').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['张三', '王五']);
  await pick(page, '王五');
  await page.getByTestId('record-save').click();
  await expect(records.getByTestId('record-table').locator('tbody tr.ant-table-row')).toContainText('王五');
  await page.keyboard.press('Escape');
  await expect(records).toBeHidden();

  await switchLanguage(page, 'en');
  await clickRowAction(formRow, 'Design');
  await designer.getByTestId('canvas-select1').locator('.designer-field-body').click();
  await expect(properties.getByTestId('prop-data-source')).toContainText('部门员工');
  await screenshot(properties, { path: info.outputPath('form-field-data-source-en.png') });
  await page.keyboard.press('Escape');
  await expect(designer).toBeHidden();
  await page.goto('/data/dataSource');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('data-source-add')).toHaveText(/Add/);
  await expectNoSeriousViolations(page, 'data sources list at 375px in en');
  await screenshot(page, { path: info.outputPath('data-sources-en-375.png') });
  // A data source a form still takes options from is kept, and the refusal says which field.
  await clickRowAction(row('部门员工'), 'Delete');
  await page.getByTestId('data-source-remove-confirm').click();
  await expect(page.getByText(/takes its options from data source "部门员工", which therefore cannot be deleted/)).toBeVisible();
  await expect(row('部门员工')).toHaveCount(1);
  // Once the form's field offers fixed options instead, it goes.
  const [scheme] = (await api.get<{ records: { id: number }[] }>(`/api/form-scheme/page?name=${encodeURIComponent(formCode)}`)).records;
  const form = await api.get<{ code: string; name: string; document: { schema: { properties: Record<string, object> }; uiSchema: Record<string, object> } }>(
    `/api/form-scheme/getFormInfo/${scheme.id}`,
  );
  const { document } = form;
  document.schema.properties.select1 = { ...document.schema.properties.select1, enum: ['1', '2'] };
  document.uiSchema.select1 = { ...document.uiSchema.select1, 'ui:options': {} };
  await api.put(`/api/form-scheme/${scheme.id}`, { code: form.code, name: form.name, document });
  await clickRowAction(row('部门员工'), 'Delete');
  await page.getByTestId('data-source-remove-confirm').click();
  await expect(row('部门员工')).toHaveCount(0);
  await request.delete(`/api/database-links?ids=${link.id}`, { headers: { 'macro-auth': `bearer ${api.token}` } });
});
