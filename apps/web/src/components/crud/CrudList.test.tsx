import { TOTAL_CAP } from '@macro/contract';
import { DICT_ENDPOINTS, type DictEntry } from '@macro/contract/dict';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { dictEntry } from '../../test/fixtures';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { CrudList, selectedRows } from './CrudList';
import { useCrudList } from './useCrudList';
import { useTreeList } from './useTreeList';

const endpoint = DICT_ENDPOINTS.system.parentList;
const handlers = { add: vi.fn(), batchDelete: vi.fn<(rows: DictEntry[]) => void>(), edit: vi.fn(), activate: vi.fn() };

function Harness() {
  const list = useCrudList(endpoint);
  const [active, setActive] = useState<number | null>(null);
  return (
    <CrudList<DictEntry>
      testId="t"
      title="字典"
      list={list}
      search={[{ name: 'code', label: '编号' }]}
      columns={[{ dataIndex: 'code', title: '编号' }]}
      rowLabel={(row) => row.dictValue}
      add={{ permission: 'dict:add', onClick: handlers.add }}
      batchDelete={{ permission: 'dict:delete', onClick: () => handlers.batchDelete(selectedRows(list)) }}
      rowActions={[{ key: 'edit', label: '编辑', permission: 'dict:edit', onClick: handlers.edit }]}
      activeRow={{
        key: active,
        onActivate: (row) => {
          setActive(row.id);
          handlers.activate(row);
        },
      }}
    />
  );
}

const rowsOf = () =>
  within(screen.getByTestId('t-table'))
    .getAllByRole('row')
    .filter((row) => row.classList.contains('ant-table-row'));

describe('CrudList', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['dict:view', 'dict:add', 'dict:edit', 'dict:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    useSession.getState().clear();
  });

  it('renders the page of rows with their numbers and total, and searches from page 1', async () => {
    const calls = serveApi((url) => ({
      data: pageOf(url.searchParams.get('code') === 'B' ? [dictEntry(2, { code: 'B' })] : [dictEntry(1, { code: 'A' }), dictEntry(2, { code: 'B' })]),
    }));
    await renderPage(<Harness />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(rowsOf()[0]).toHaveTextContent(/^1A/);
    expect(rowsOf()[1]).toHaveTextContent(/^2B/);
    expect(screen.getByTestId('t-total')).toHaveTextContent('共 2 条');
    expect(calls[0].url.pathname).toBe('/api/macro-system/dict/parent-list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ current: '1', size: '10' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('编号'), ' B ');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ code: 'B', current: '1', size: '10' });
  });

  it('shows only the buttons the user holds the codes for', async () => {
    serveApi(() => ({ data: pageOf([dictEntry(1)]) }));
    useSession.setState({ permissions: ['dict:view', 'dict:edit'] });
    await renderPage(<Harness />);
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(screen.queryByTestId('t-add')).toBeNull();
    expect(screen.queryByTestId('t-batch-delete')).toBeNull();
    expect(within(rowsOf()[0]).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();

    act(() => useSession.setState({ permissions: ['dict:view', 'dict:add', 'dict:delete'] }));
    expect(screen.getByTestId('t-add')).toBeTruthy();
    expect(screen.getByTestId('t-batch-delete')).toBeTruthy();
    expect(within(rowsOf()[0]).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('shows the failure and a retry instead of "no data", and retries', async () => {
    let fail = true;
    const calls = serveApi(() => (fail ? { status: 500, data: '服务器内部错误，请联系管理员' } : { data: pageOf([dictEntry(1)]) }));
    await renderPage(<Harness />);
    const failure = await screen.findByTestId('t-error');
    expect(failure).toHaveTextContent('数据加载失败');
    expect(failure).toHaveTextContent('服务器内部错误，请联系管理员');
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByTestId('t-pager')).toBeNull();

    fail = false;
    await userEvent.setup().click(screen.getByTestId('t-retry'));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(screen.queryByTestId('t-error')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('reads "10,000+" past the counted rows and goes on by cursor from the last numbered page', async () => {
    const calls = serveApi((url) => {
      const cursor = url.searchParams.get('cursor');
      if (cursor === 'after-1000')
        return { data: pageOf([dictEntry(10_001)], { total: TOTAL_CAP, totalExact: false, nextCursor: 'after-1001', current: 1001 }) };
      const current = Number(url.searchParams.get('current'));
      return { data: pageOf([dictEntry(current * 10)], { total: TOTAL_CAP, totalExact: false, nextCursor: `after-${current}`, current }) };
    });
    await renderPage(<Harness />);
    await waitFor(() => expect(screen.getByTestId('t-total')).toHaveTextContent('共 10,000+ 条'));
    // Numbered pages reach the cap: 1000 pages of 10.
    expect(screen.getByTitle('1000')).toBeTruthy();
    expect(screen.queryByTestId('t-next')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByTitle('1000'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('current')).toBe('1000'));
    await user.click(await screen.findByTestId('t-next'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('after-1000'));
    await waitFor(() => expect(rowsOf()[0]).toHaveTextContent('10001'));
    expect(screen.getByText('第 1,001 页')).toBeTruthy();
    // Past the cap each row keeps its running number.
    expect(rowsOf()[0]).toHaveTextContent(/^10001/);
    await user.click(screen.getByTestId('t-previous'));
    await waitFor(() => expect(screen.getByTitle('1000')).toHaveClass('ant-pagination-item-active'));
  });

  it('lets a keyboard user choose a row: rows are tab stops, Enter and Space choose, the choice is announced', async () => {
    serveApi(() => ({ data: pageOf([dictEntry(1), dictEntry(2)]) }));
    await renderPage(<Harness />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    const [first, second] = rowsOf();
    expect(first).toHaveAttribute('tabindex', '0');
    const user = userEvent.setup();
    first.focus();
    await user.keyboard('{Enter}');
    expect(handlers.activate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }));
    expect(rowsOf()[0]).toHaveAttribute('aria-current', 'true');
    second.focus();
    await user.keyboard(' ');
    expect(handlers.activate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
    expect(rowsOf()[0]).not.toHaveAttribute('aria-current');
    expect(rowsOf()[1]).toHaveAttribute('aria-current', 'true');

    // Space on the row's checkbox selects it for batch deletion; it does not choose the row.
    handlers.activate.mockClear();
    const checkbox = within(rowsOf()[0]).getByRole('checkbox', { name: '选择「字典1」' });
    checkbox.focus();
    await user.keyboard(' ');
    expect(handlers.activate).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('t-batch-delete'));
    expect(handlers.batchDelete).toHaveBeenCalledWith([expect.objectContaining({ id: 1 })]);
  });

  it('shows a tree: numbers on top-level rows only, nested rows selectable for a batch', async () => {
    const node = (id: number, children: unknown[] = []) => ({ ...dictEntry(id), children });
    serveApi(() => ({ data: pageOf([node(1, [node(11, [node(111)])]), node(2)]) }));
    const picked = vi.fn();
    function TreeHarness() {
      const list = useCrudList(DICT_ENDPOINTS.system.childList, { query: { parentId: 9 } });
      return (
        <CrudList<DictEntry>
          testId="t"
          title="项"
          list={list}
          tree
          columns={[{ dataIndex: 'dictValue', title: '名称' }]}
          rowLabel={(row) => row.dictValue}
          batchDelete={{ onClick: () => picked(selectedRows(list, true).map((row) => row.id)) }}
        />
      );
    }
    await renderPage(<TreeHarness />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(within(rowsOf()[0]).getByRole('button', { name: /展开|expand/i }));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    const [top, nested, second] = rowsOf();
    expect(top).toHaveTextContent(/^1字典1/);
    expect(nested).toHaveTextContent(/^字典11/);
    expect(second).toHaveTextContent(/^2字典2/);
    // A leaf shows no expander.
    expect(within(second).queryByRole('button', { name: /展开|expand/i })).toBeNull();
    await user.click(within(nested).getByRole('checkbox', { name: '选择「字典11」' }));
    await user.click(screen.getByTestId('t-batch-delete'));
    expect(picked).toHaveBeenCalledWith([11]);
  });

  it('shows a whole tree (useTreeList) with its count and no pager, searching with the form', async () => {
    const node = (id: number, title: string, children: unknown[] = []) => ({ id, parentId: 0, title, key: id, value: id, code: 'C', children });
    const calls = serveApi((url) => ({
      data: url.searchParams.get('code') === 'X' ? [node(3, '丙')] : [node(1, '甲', [node(11, '甲一')]), node(2, '乙')],
    }));
    function WholeTree() {
      const list = useTreeList(DICT_ENDPOINTS.system.tree);
      return (
        <CrudList
          testId="t"
          title="树"
          list={list}
          tree
          paged={false}
          search={[{ name: 'code', label: '编号' }]}
          columns={[{ dataIndex: 'title', title: '名称' }]}
          rowLabel={(row) => row.title}
        />
      );
    }
    await renderPage(<WholeTree />);
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.getByTestId('t-total')).toHaveTextContent('共 2 条');
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('编号'), 'X');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(rowsOf()[0]).toHaveTextContent(/^1丙/);
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ code: 'X' });
  });

  it('labels the selection checkboxes in the console’s language', async () => {
    serveApi(() => ({ data: pageOf([dictEntry(1)]) }));
    await renderPage(<Harness />);
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: '全选当页' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '选择「字典1」' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
  });
});
