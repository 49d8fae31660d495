import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';
import { SERVER_PORT } from './support/slot.ts';
import { screenshot } from './support/screens.ts';

/** A reader of this machine's MariaDB, and a table for it to browse (names unique to the worker's server). */
const USER = `e2e_reader_${SERVER_PORT}`;
const PASSWORD = 'Reader#2026';
const TABLE = `e2e_orders_${SERVER_PORT}`;
const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true, connectTimeout: 2000 });

let mariadb = true;
test.beforeAll(async () => {
  const connection = await root().catch(() => null);
  if (!connection) {
    mariadb = false;
    return;
  }
  await connection.query(`drop user if exists '${USER}'@'%'; create user '${USER}'@'%' identified by '${PASSWORD}';
    drop table if exists ${TABLE}; create table ${TABLE} (id int primary key, title varchar(40) comment '标题', amount decimal(10,2)) comment '订单';
    grant select on test.${TABLE} to '${USER}'@'%';`);
  await connection.query(`insert into ${TABLE} values ?`, [Array.from({ length: 30 }, (_, i) => [i + 1, `订单 ${i + 1}`, (i + 1) * 10])]);
  await connection.end();
});
test.afterAll(async () => {
  const connection = await root().catch(() => null);
  await connection?.query(`drop table if exists ${TABLE}; drop user if exists '${USER}'@'%'`);
  await connection?.end();
});

test('an administrator adds a MariaDB link, tests it, browses a table, and edits it without retyping the password — in zh, en and on a phone', async ({
  page,
}, info) => {
  test.skip(!mariadb, 'no MariaDB on 127.0.0.1:3306 (root, no password, database test)');
  await signInAsAdmin(page, '/data/databaseLink');
  await expect(page.getByTestId('database-link-page')).toBeVisible();

  const dialog = page.getByTestId('database-link-dialog');
  const row = (text: string) => page.getByTestId('database-link-table').locator('tbody tr.ant-table-row').filter({ hasText: text });
  const field = (name: string) => dialog.getByTestId(`database-link-field-${name}`);

  await page.getByTestId('database-link-add').click();
  await expect(dialog).toBeVisible();
  await field('name').fill('销售库');
  await field('groupName').fill('销售');
  await dialog.getByRole('radio', { name: 'MySQL / MariaDB' }).check();
  await field('host').fill('127.0.0.1');
  await field('port').fill('3306');
  await field('database').fill('test');
  await field('username').fill(USER);
  // A wrong password is told apart from an unreachable host, in words.
  await field('password').fill('wrong');
  await dialog.getByTestId('database-link-dialog-test').click();
  await expect(page.getByText(/连接失败：用户名或密码错误/)).toBeVisible();
  await field('password').fill(PASSWORD);
  await dialog.getByTestId('database-link-dialog-test').click();
  await expect(page.getByText(/连接成功：.*MariaDB/)).toBeVisible();
  await expectNoSeriousViolations(page, 'database link dialog');
  await screenshot(page, { path: info.outputPath('database-link-dialog-zh.png') });
  await dialog.getByTestId('database-link-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(row('销售库')).toContainText('127.0.0.1:3306 / test');

  // Browse: the table, its rows page by page, its columns.
  await clickRowAction(row('销售库'), '浏览');
  const browser = page.getByTestId('database-link-browser');
  await browser.getByRole('searchbox', { name: '按表名筛选' }).fill('e2e_orders');
  await browser.getByText(TABLE, { exact: true }).click();
  await expect(browser.getByText('共 30 行')).toBeVisible();
  await expect(browser.getByTestId('database-link-browser-rows')).toContainText('订单 1');
  await browser.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(browser.getByTestId('database-link-browser-rows')).toContainText('订单 21');
  await browser.getByRole('tab', { name: '字段' }).click();
  await expect(browser.getByTestId('database-link-browser-columns')).toContainText('标题');
  await expectNoSeriousViolations(page, 'database link browser');
  await screenshot(page, { path: info.outputPath('database-link-browser-zh.png') });
  await page.keyboard.press('Escape');
  await expect(browser).toBeHidden();

  // Edited without retyping the password: the stored one still signs in.
  await clickRowAction(row('销售库'), '编辑');
  await expect(field('password')).toHaveAttribute('placeholder', /已保存/);
  await field('remark').fill('只读账号');
  await dialog.getByTestId('database-link-dialog-save').click();
  await expect(dialog).toBeHidden();
  // The answer below is this test's own, not the dialog's earlier one.
  await expect(page.getByText(/连接成功/)).toHaveCount(0);
  await page
    .getByTestId(/database-link-test-\d+/)
    .first()
    .click();
  await expect(page.getByText(/连接成功：.*MariaDB/)).toBeVisible();
  await expectNoSeriousViolations(page, 'database links list');

  // In English on a phone: the list and the browser fit, and still pass axe.
  await switchLanguage(page, 'en');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('database-link-add')).toHaveText(/Add/);
  await clickRowAction(row('销售库'), 'Browse');
  await browser.getByText(TABLE, { exact: true }).click();
  await expect(browser.getByText('30 rows')).toBeVisible();
  await expectNoSeriousViolations(page, 'database link browser at 375px in en');
  await screenshot(page, { path: info.outputPath('database-link-browser-en-375.png') });
  await page.keyboard.press('Escape');
  await clickRowAction(row('销售库'), 'Delete');
  await page.getByTestId('database-link-remove-confirm').click();
  await expect(row('销售库')).toHaveCount(0);
});

test('an administrator designs a table for a MariaDB link, sees the statements, releases it, then adds a column to it', async ({ page, request }, info) => {
  test.skip(!mariadb, 'no MariaDB on 127.0.0.1:3306 (root, no password, database test)');
  const table = `e2e_designed_${SERVER_PORT}`;
  const connection = await root();
  await connection.query(`drop table if exists ${table}`);
  const api = await adminApi(request);
  const link = await api.post<{ id: number }>('/api/database-links', {
    name: `设计库 ${SERVER_PORT}`,
    kind: 'mysql',
    host: '127.0.0.1',
    port: 3306,
    database: 'test',
    username: 'root',
  });
  try {
    await signInAsAdmin(page, '/data/databaseLink');
    const row = page
      .getByTestId('database-link-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `设计库 ${SERVER_PORT}` });
    await clickRowAction(row, '设计表');
    const designs = page.getByTestId('database-designs');
    await designs.getByTestId('database-draft-add').click();
    const dialog = page.getByTestId('database-draft-dialog');
    await dialog.getByTestId('database-draft-field-tableName').fill(table);
    await dialog.getByTestId('database-draft-field-comment').fill('设计的表');
    await dialog.getByTestId('database-draft-field-columns-add').click();
    await dialog.getByTestId('database-draft-field-columns-name-1').fill('title');
    await dialog.getByTestId('database-draft-field-columns-comment-1').fill('标题');
    await expectNoSeriousViolations(page, 'table design dialog');
    await screenshot(page, { path: info.outputPath('table-design-zh.png') });
    await dialog.getByTestId('database-draft-dialog-save').click();
    await expect(dialog).toBeHidden();

    const draftRow = designs.locator('tbody tr.ant-table-row').filter({ hasText: table });
    await expect(draftRow).toContainText('未发布');
    await draftRow.getByRole('button', { name: '发布' }).click();
    const plan = page.getByTestId('database-release-plan');
    await expect(plan).toContainText(`create table \`${table}\``);
    await expect(plan).toContainText("comment '标题'");
    await expectNoSeriousViolations(page, 'release plan');
    await page.getByTestId('database-release-confirm').click();
    // The plan closes once the release has run (a toast of an earlier release may still show).
    await expect(plan).toBeHidden();
    await expect(page.getByText(`表 ${table} 已发布`).first()).toBeVisible();
    const [created] = (await connection.query(
      `select column_name from information_schema.columns where table_schema = 'test' and table_name = ? order by ordinal_position`,
      [table],
    )) as [{ column_name: string }[], unknown];
    expect(created.map((c) => c.column_name)).toEqual(['id', 'title']);

    // A column more: the plan adds only it.
    await draftRow.getByRole('button', { name: '编辑' }).click();
    await dialog.getByTestId('database-draft-field-columns-add').click();
    await dialog.getByTestId('database-draft-field-columns-name-2').fill('note');
    await dialog.getByTestId('database-draft-dialog-save').click();
    await expect(dialog).toBeHidden();
    await draftRow.getByRole('button', { name: '发布' }).click();
    await expect(plan).toContainText(`alter table \`${table}\` add column \`note\``);
    await expect(plan).not.toContainText('create table');
    await page.getByTestId('database-release-confirm').click();
    // The plan closes once the release has run (a toast of an earlier release may still show).
    await expect(plan).toBeHidden();
    await expect(page.getByText(`表 ${table} 已发布`).first()).toBeVisible();
    const [after] = (await connection.query(
      `select column_name from information_schema.columns where table_schema = 'test' and table_name = ? order by ordinal_position`,
      [table],
    )) as [{ column_name: string }[], unknown];
    expect(after.map((c) => c.column_name)).toEqual(['id', 'title', 'note']);
  } finally {
    await request.delete(`/api/database-links?ids=${link.id}`, { headers: { 'macro-auth': `bearer ${api.token}` } });
    await connection.query(`drop table if exists ${table}`);
    await connection.end();
  }
});
