import type { InterfaceInfo } from '@macro/contract/interfaces';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { clickRowAction } from '../../test/rows';
import { InterfaceInfoPage } from './InterfaceInfoPage';

const TIME = '2026-01-01T00:00:00.000Z';
const record = (over: Partial<InterfaceInfo> = {}): InterfaceInfo => ({
  id: 1,
  categoryId: 7,
  categoryName: '人事',
  code: 'staff-list',
  name: '在职员工',
  method: 'GET',
  path: 'hr/staff',
  address: '/api/open/hr/staff',
  kind: 'dataSource',
  dataSourceId: 5,
  dataSourceName: '员工数据源',
  url: '',
  permission: 'report:read',
  anonymous: false,
  rateLimit: 60,
  response: 'envelope',
  enabled: true,
  sort: 1,
  remark: '',
  createTime: TIME,
  updateTime: TIME,
  ...over,
});
const category = { id: 7, parentId: 0, name: '人事', sort: 1, createTime: TIME, children: [] };
const dataSource = {
  id: 5,
  name: '员工数据源',
  linkId: 3,
  linkName: '人事库',
  sql: 'select id, name from staff where dept = @dept',
  parameters: [{ name: 'dept', label: '部门', type: 'text', required: false, defaultValue: 'sales' }],
  idColumn: '',
  parentColumn: '',
  sort: 1,
  remark: '',
  createTime: TIME,
  updateTime: TIME,
};

/** The console's own API, answered from these rows; `open` answers the live address. */
function serve(open: (url: URL) => { status?: number; body: unknown } = () => ({ body: { code: 200, success: true, data: { records: [] } } })) {
  return serveApi((url, init) => {
    if (url.pathname === '/api/xjr-interface-category/tree') return { data: [category] };
    if (url.pathname === '/api/xjr-interface-category') return { data: { ...category, id: 8, ...JSON.parse(String(init?.body)) } };
    if (url.pathname === '/api/xjr-interface-info/customize') return { data: pageOf([record()]) };
    if (url.pathname === '/api/xjr-interface-info/1') return { data: record() };
    if (url.pathname === '/api/data-sources') return { data: [{ id: 5, name: '员工数据源', linkId: 3 }] };
    if (url.pathname === '/api/data-sources/5') return { data: dataSource };
    if (url.pathname.startsWith('/api/open/')) return open(url);
    return undefined;
  });
}

describe('interfaces screen', () => {
  beforeEach(() =>
    useSession.setState({ token: 't', permissions: ['interface:view', 'interface:add', 'interface:edit', 'interface:delete', 'interface:publish'] }),
  );
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists interfaces with their address, and narrows them to the category chosen in the tree', async () => {
    const calls = serve();
    await renderPage(<InterfaceInfoPage />);
    const table = screen.getByTestId('interface-table');
    const row = (await within(table).findByText('在职员工')).closest('tr') as HTMLElement;
    expect(within(row).getByText('/api/open/hr/staff')).toHaveClass('interface-mono');
    expect(within(row).getByText('员工数据源')).toBeInTheDocument();
    expect(within(row).getByText('report:read')).toBeInTheDocument();
    expect(within(row).getByText('60 次/分钟')).toBeInTheDocument();
    expect(within(row).getByText('已启用')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await within(screen.getByTestId('interface-category-tree')).findByText('人事'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/xjr-interface-info/customize' && call.url.searchParams.get('categoryId') === '7')).toBe(true),
    );
  });

  it('adds a top-level category, and one under the category chosen in the tree', async () => {
    const calls = serve();
    await renderPage(<InterfaceInfoPage />);
    const user = userEvent.setup();
    const saved = () =>
      calls
        .filter((call) => call.url.pathname === '/api/xjr-interface-category' && call.init?.method === 'POST')
        .map((call) => JSON.parse(String(call.init?.body)));

    await user.click(screen.getByTestId('interface-category-add'));
    let dialog = await screen.findByTestId('interface-category-dialog');
    await user.type(within(dialog).getByTestId('interface-category-field-name'), '财务');
    await user.click(within(dialog).getByTestId('interface-category-dialog-save'));
    await waitFor(() => expect(saved()).toEqual([{ parentId: 0, name: '财务', sort: 1 }]));

    await user.click(await within(screen.getByTestId('interface-category-tree')).findByText('人事'));
    await user.click(screen.getByTestId('interface-category-add'));
    dialog = await screen.findByTestId('interface-category-dialog');
    await user.type(within(dialog).getByTestId('interface-category-field-name'), '考勤');
    await user.click(within(dialog).getByTestId('interface-category-dialog-save'));
    await waitFor(() => expect(saved().at(-1)).toEqual({ parentId: 7, name: '考勤', sort: 1 }));
  });

  it('refuses a missing path with the contract’s message, shows the address as the path is typed, and clears and locks the code of an anonymous interface', async () => {
    serve();
    await renderPage(<InterfaceInfoPage />);
    const user = userEvent.setup();
    await within(screen.getByTestId('interface-table')).findByText('在职员工');

    await user.click(screen.getByTestId('interface-add'));
    const dialog = await screen.findByTestId('interface-dialog');
    await user.click(within(dialog).getByTestId('interface-dialog-save'));
    expect(await within(dialog).findByText('路径为 1 到 6 段，每段由小写字母、数字和连字符组成，以 / 分隔')).toBeInTheDocument();
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
    expect(errors()).toContain('请选择分类');
    expect(errors()).toContain('请输入名称');

    await user.type(within(dialog).getByTestId('interface-field-path'), 'hr/leave');
    expect(within(dialog).getByTestId('interface-field-path-address')).toHaveTextContent('/api/open/hr/leave');

    const permission = within(dialog).getByTestId('interface-field-permission');
    await user.type(permission, 'report:read');
    expect(permission).toBeEnabled();
    await user.click(within(dialog).getByTestId('interface-field-anonymous'));
    await waitFor(() => expect(within(dialog).getByTestId('interface-field-permission')).toBeDisabled());
    expect(within(dialog).getByTestId('interface-field-permission')).toHaveValue('');
  });

  it('tries an interface at its live address with the data source’s parameters, and says when it is not served', async () => {
    let status = 200;
    const calls = serve(() =>
      status === 200
        ? { body: { code: 200, success: true, data: { records: [{ id: 1, name: '张三' }], total: 1 } } }
        : { status, body: { code: 404, success: false, sys_msg: '接口不存在' } },
    );
    await renderPage(<InterfaceInfoPage />);
    const user = userEvent.setup();
    const row = (await within(screen.getByTestId('interface-table')).findByText('在职员工')).closest('tr') as HTMLElement;
    await clickRowAction(user, row, '调试');
    const panel = await screen.findByTestId('interface-try');
    expect(await within(panel).findByTestId('interface-try-param-dept')).toHaveValue('sales');
    await user.click(within(panel).getByTestId('interface-try-send'));
    expect(await within(panel).findByTestId('interface-try-status')).toHaveTextContent('200');
    expect(within(panel).getByTestId('interface-try-time')).toHaveTextContent(/\d+ ms/);
    expect(within(panel).getByTestId('interface-try-body')).toHaveTextContent('"name": "张三"');
    const sent = calls.find((call) => call.url.pathname === '/api/open/hr/staff');
    expect(sent?.url.searchParams.get('dept')).toBe('sales');
    expect(sent?.url.searchParams.get('current')).toBe('1');
    expect(new Headers(sent?.init?.headers).get('Macro-Auth')).toBe('bearer t');

    status = 404;
    await user.click(within(panel).getByTestId('interface-try-send'));
    await waitFor(() => expect(within(panel).getByTestId('interface-try-status')).toHaveTextContent('404'));
    expect(within(panel).getByTestId('interface-try-404')).toHaveTextContent('接口未启用或不存在（404）');
  });
});
