import type { Menu } from '@macro/contract/menus';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { rowActionNames } from '../../test/rows';
import { renderPage, serveApi } from '../../test/render';
import { MenuPage } from './MenuPage';

const entry = (id: number, parentId: number, name: string, code: string, extra: Partial<Menu> = {}): Menu => ({
  id,
  parentId,
  parentName: '',
  name,
  code,
  alias: '',
  path: '',
  source: '',
  sort: id,
  category: 1,
  action: 1,
  isOpen: false,
  keepAlive: false,
  i18n: '',
  remark: '',
  builtIn: false,
  hasChildren: false,
  ...extra,
});

const LEVELS: Record<string, Menu[]> = {
  '0': [entry(1, 0, '报表中心', 'report', { hasChildren: true, path: '/report' })],
  '1': [entry(2, 1, '导出', 'report:export', { category: 2 })],
};

describe('menu screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['menu:view', 'menu:add', 'menu:edit', 'menu:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('reads a level when its parent opens, and offers no "add child" on a button', async () => {
    const calls = serveApi((url) => {
      if (url.pathname.endsWith('/lazy-list')) return { data: LEVELS[url.searchParams.get('parentId') ?? '0'] ?? [] };
      return { data: [] };
    });
    await renderPage(<MenuPage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('menu-table');
    expect(await within(table).findByText('报表中心')).toBeInTheDocument();
    const lazyCalls = () => calls.filter((call) => call.url.pathname.endsWith('/lazy-list')).map((call) => call.url.searchParams.get('parentId'));
    expect(lazyCalls()).toEqual(['0']);
    expect(within(table).queryByText('导出')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /展开行|expand/i }));
    expect(await within(table).findByText('导出')).toBeInTheDocument();
    expect(lazyCalls()).toEqual(['0', '1']);
    const rows = within(table).getAllByRole('row');
    const menuRow = rows.find((row) => row.textContent?.includes('报表中心'))!;
    const buttonRow = rows.find((row) => row.textContent?.includes('导出'))!;
    expect(await rowActionNames(user, menuRow)).toEqual(['查看', '编辑', '新增子项', '删除']);
    expect(await rowActionNames(user, buttonRow)).toEqual(['查看', '编辑', '删除']);
    expect(within(buttonRow).getByText('按钮')).toBeInTheDocument();
  });
});
