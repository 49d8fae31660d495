import type { DataSource } from '@macro/contract/datasources';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { DataSourcePage } from './DataSourcePage';

const record = (id: number, name: string): DataSource => ({
  id,
  name,
  linkId: 3,
  linkName: '财务库',
  sql: 'select id, name from staff where dept = @dept',
  parameters: [{ name: 'dept', label: '部门', type: 'text', required: false, defaultValue: 'sales' }],
  idColumn: '',
  parentColumn: '',
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

describe('data sources screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['dataSource:view', 'dataSource:add', 'dataSource:edit', 'dataSource:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists data sources with their link and parameters, tries a query and sends it with its parameters', async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/database-links') return { data: pageOf([{ id: 3, name: '财务库', kind: 'mysql' }]) };
      if (url.pathname === '/api/data-sources/preview')
        return { data: { columns: [{ name: 'id', type: 'long' }], records: [{ id: 42 }], total: 1, totalExact: true, current: 1, size: 20 } };
      if (url.pathname === '/api/data-sources' && init?.method === 'POST') return { data: { ...record(9, '新的'), ...JSON.parse(String(init.body)) } };
      return { data: pageOf([record(1, '在职员工')]) };
    });
    await renderPage(<DataSourcePage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('data-source-table');
    expect(await within(table).findByText('在职员工')).toBeInTheDocument();
    expect(within(table).getByText('财务库')).toBeInTheDocument();
    expect(within(table).getByText('@dept')).toBeInTheDocument();

    await user.click(screen.getByTestId('data-source-add'));
    await user.click(await screen.findByTestId('data-source-dialog-save'));
    expect(await screen.findByText('请输入数据源名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入查询语句')).toBeInTheDocument();
    await user.type(screen.getByTestId('data-source-field-name'), '新的');
    await user.click(screen.getByTestId('data-source-field-linkId'));
    await user.click(await screen.findByTitle('财务库 (mysql)'));
    await user.type(screen.getByTestId('data-source-field-sql'), 'select id from staff where n > @floor');
    await user.click(screen.getByTestId('data-source-field-parameters-add'));
    await user.type(screen.getByTestId('data-source-field-parameters-name-0'), 'floor');
    await user.type(screen.getByTestId('data-source-field-parameters-default-0'), '3');
    await user.click(screen.getByTestId('data-source-preview'));
    expect(await within(await screen.findByTestId('data-source-preview-result')).findByText('42')).toBeInTheDocument();
    const preview = calls.find((call) => call.url.pathname === '/api/data-sources/preview');
    expect(JSON.parse(String(preview?.init?.body))).toMatchObject({
      linkId: 3,
      sql: 'select id from staff where n > @floor',
      parameters: [{ name: 'floor', defaultValue: '3' }],
    });
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('data-source-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const saved = calls.filter((call) => call.url.pathname === '/api/data-sources' && call.init?.method === 'POST').at(-1);
    expect(JSON.parse(String(saved?.init?.body))).toMatchObject({
      name: '新的',
      linkId: 3,
      parameters: [{ name: 'floor', type: 'text', required: false, defaultValue: '3' }],
    });
  });
});
