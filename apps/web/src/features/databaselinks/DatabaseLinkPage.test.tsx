import type { DatabaseLink } from '@macro/contract/databaselinks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { DatabaseLinkPage } from './DatabaseLinkPage';

const record = (id: number, name: string, extra: Partial<DatabaseLink> = {}): DatabaseLink => ({
  id,
  name,
  kind: 'mysql',
  host: '10.0.3.15',
  port: 3306,
  database: 'erp',
  username: 'reader',
  hasPassword: true,
  ssl: false,
  schema: '',
  groupName: '财务',
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const bodyOf = (calls: { url: URL; init?: RequestInit }[], method: string, path: string) =>
  JSON.parse(String(calls.filter((call) => call.url.pathname === path && call.init?.method === method).at(-1)?.init?.body));

describe('database links screen', () => {
  beforeEach(() =>
    useSession.setState({
      token: 't',
      permissions: ['databaseLink:view', 'databaseLink:add', 'databaseLink:edit', 'databaseLink:delete', 'databaseLink:browse'],
    }),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists links without passwords, asks for what a link needs, and sends the password only when typed', async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/database-links' && init?.method === 'POST') return { data: { ...record(9, '新的'), ...JSON.parse(String(init.body)) } };
      if (url.pathname === '/api/database-links/1') return { data: record(1, '财务库') };
      return { data: pageOf([record(1, '财务库'), record(2, '人事库', { kind: 'postgresql', port: 5432, groupName: '' })]) };
    });
    await renderPage(<DatabaseLinkPage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('database-link-table');
    expect(await within(table).findByText('财务库')).toBeInTheDocument();
    expect(within(table).getByText('10.0.3.15:3306 / erp')).toBeInTheDocument();
    expect(within(table).getByText('MySQL / MariaDB')).toBeInTheDocument();

    await user.click(screen.getByTestId('database-link-add'));
    await user.click(await screen.findByTestId('database-link-dialog-save'));
    expect(await screen.findByText('请输入连接名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入主机地址')).toBeInTheDocument();
    await user.type(screen.getByTestId('database-link-field-name'), '新的');
    await user.type(screen.getByTestId('database-link-field-host'), 'db.corp.example');
    await user.type(screen.getByTestId('database-link-field-database'), 'sales');
    await user.type(screen.getByTestId('database-link-field-username'), 'reader');
    await user.type(screen.getByTestId('database-link-field-password'), 'S3cret');
    // The port follows the kind while it is a kind's default; one typed by hand stays.
    const port = screen.getByTestId('database-link-field-port');
    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(port).toHaveValue('3306');
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    expect(port).toHaveValue('5432');
    await user.clear(port);
    await user.type(port, '6543');
    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(port).toHaveValue('6543');
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await user.clear(port);
    await user.type(port, '5432');
    await user.click(screen.getByTestId('database-link-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/database-links')).toMatchObject({
      name: '新的',
      kind: 'postgresql',
      host: 'db.corp.example',
      port: 5432,
      password: 'S3cret',
    });

    // Editing without retyping the password keeps the stored one: none is sent.
    await user.click(within(table).getAllByRole('button', { name: /编辑/ })[0]);
    const password = await screen.findByTestId('database-link-field-password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '••••（已保存，输入则替换）');
    const name = screen.getByTestId('database-link-field-name');
    await user.clear(name);
    await user.type(name, '财务库二');
    await user.click(screen.getByTestId('database-link-dialog-save'));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const edited = bodyOf(calls, 'POST', '/api/database-links');
    expect(edited).toMatchObject({ id: 1, name: '财务库二', kind: 'mysql', port: 3306 });
    expect(edited).not.toHaveProperty('password');
  });

  it("keeps a link to the console's own database without an address or a login, and offers it no table design", async () => {
    useSession.setState({ token: 't', permissions: ['databaseLink:view', 'databaseLink:add', 'databaseLink:edit', 'databaseLink:design'] });
    const own = record(3, '本系统', { kind: 'product', host: '', port: 0, database: '', username: '', hasPassword: false });
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/database-links' && init?.method === 'POST') return { data: { ...own, ...JSON.parse(String(init.body)) } };
      return { data: pageOf([own, record(1, '财务库')]) };
    });
    await renderPage(<DatabaseLinkPage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('database-link-table');
    const ownRow = (await within(table).findByText('本系统')).closest('tr') as HTMLElement;
    expect(within(ownRow).getByText('本系统数据库')).toBeInTheDocument();
    expect(within(ownRow).getByText('本系统（只读，按当前用户的权限读取为查询准备的视图）')).toBeInTheDocument();
    expect(within(ownRow).queryByRole('button', { name: /设计表/ })).toBeNull();
    const otherRow = within(table).getByText('财务库').closest('tr') as HTMLElement;
    expect(within(otherRow).getByRole('button', { name: /设计表/ })).toBeInTheDocument();

    await user.click(screen.getByTestId('database-link-add'));
    expect(await screen.findByTestId('database-link-field-host')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '本系统数据库' }));
    for (const field of ['host', 'port', 'database', 'username', 'password', 'schema', 'ssl']) {
      expect(screen.queryByTestId(`database-link-field-${field}`), field).toBeNull();
    }
    await user.type(screen.getByTestId('database-link-field-name'), '本系统二');
    await user.click(screen.getByTestId('database-link-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/database-links')).toEqual({ kind: 'product', name: '本系统二', groupName: '', sort: 1, remark: '' });
  });

  it('offers no connection test to a user who may keep links but not connect to them', async () => {
    useSession.setState({ token: 't', permissions: ['databaseLink:view', 'databaseLink:add'] });
    serveApi(() => ({ data: pageOf([record(1, '财务库')]) }));
    await renderPage(<DatabaseLinkPage />);
    const user = userEvent.setup();
    expect(await within(screen.getByTestId('database-link-table')).findByText('财务库')).toBeInTheDocument();
    expect(screen.queryByTestId('database-link-test-1')).toBeNull();
    await user.click(screen.getByTestId('database-link-add'));
    expect(await screen.findByTestId('database-link-dialog-save')).toBeInTheDocument();
    expect(screen.queryByTestId('database-link-dialog-test')).toBeNull();
  });

  it('tests a saved link and says the version, or why not', async () => {
    let ok = true;
    const calls = serveApi((url) => {
      if (url.pathname === '/api/database-links/test')
        return { data: ok ? { ok, version: '11.8.3-MariaDB', reason: '', millis: 12 } : { ok, version: '', reason: '用户名或密码错误', millis: 8 } };
      return { data: pageOf([record(1, '财务库')]) };
    });
    await renderPage(<DatabaseLinkPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('database-link-test-1'));
    expect(await screen.findByText('连接成功：11.8.3-MariaDB（12 毫秒）')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/database-links/test')).toEqual({ id: 1 });
    ok = false;
    await user.click(screen.getByTestId('database-link-test-1'));
    expect(await screen.findByText('连接失败：用户名或密码错误')).toBeInTheDocument();
  });

  it('browses a link: its tables, then a table’s rows and columns', async () => {
    serveApi((url) => {
      if (url.pathname === '/api/database-links/1/tree')
        return {
          data: [
            {
              name: 'orders',
              kind: 'table',
              comment: '订单',
              columns: [{ name: 'id', type: 'int', length: 10, nullable: false, primaryKey: true, defaultValue: null, comment: '编号' }],
            },
          ],
        };
      if (url.pathname === '/api/database-links/1/datas')
        return { data: { columns: ['id'], records: [{ id: 7 }], total: 1, totalExact: true, current: 1, size: 20 } };
      return { data: pageOf([record(1, '财务库')]) };
    });
    await renderPage(<DatabaseLinkPage />);
    const user = userEvent.setup();
    await user.click(await within(screen.getByTestId('database-link-table')).findByRole('button', { name: /浏览/ }));
    const browser = await screen.findByTestId('database-link-browser');
    await user.click(await within(browser).findByText('orders'));
    expect(await within(browser).findByText('共 1 行')).toBeInTheDocument();
    expect(within(screen.getByTestId('database-link-browser-rows')).getByText('7')).toBeInTheDocument();
  });
});
