import type { DataScope, ScopeMenuNode } from '@macro/contract/scopes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { DataScopePage } from './DataScopePage';

const MENUS: ScopeMenuNode[] = [
  {
    id: 1,
    parentId: 0,
    code: 'system',
    name: '系统管理',
    i18n: '',
    children: [{ id: 5, parentId: 1, code: 'user:view', name: '用户管理', i18n: '', children: [] }],
  },
];

const scope = (id: number, scopeName: string, scopeType: number, fields: Partial<DataScope> = {}): DataScope => ({
  id,
  menuId: 5,
  menuName: '用户管理',
  resourceCode: 'user',
  scopeName,
  scopeColumn: scopeType === 3 ? 'dept_id' : 'create_user',
  scopeType,
  scopeOperator: '',
  scopeValues: [],
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** Serves the menu tree and the resources; `rest` answers the list and the writes. */
function serve(rest: (url: URL, init: RequestInit | undefined) => ReturnType<Parameters<typeof serveApi>[0]>) {
  return serveApi((url, init) => {
    if (url.pathname === '/api/macro-system/data-scope/menu-tree') return { data: MENUS };
    if (url.pathname === '/api/macro-system/data-scope/resources') {
      return { data: [{ code: 'user', ownerColumn: 'create_user', deptColumn: 'dept_id', fields: [{ name: 'account', kind: 'text' }] }] };
    }
    return rest(url, init);
  });
}

async function chooseUserMenu(user: ReturnType<typeof userEvent.setup>) {
  const menus = screen.getByTestId('data-scope-menus');
  await user.click(await within(menus).findByText('用户管理'));
}

describe('the data scope screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['data-scope:view', 'data-scope:add', 'data-scope:edit', 'data-scope:delete'] }));
  afterEach(() => {
    useSession.getState().clear();
    vi.unstubAllGlobals();
  });

  it("lists the chosen menu's scopes as the server sends them", async () => {
    const calls = serve((url) =>
      url.pathname === '/api/macro-system/data-scope/list' ? { data: pageOf([scope(1, '本部门用户', 3), scope(2, '本人创建', 5)]) } : undefined,
    );
    await renderPage(<DataScopePage />);
    const user = userEvent.setup();
    // Nothing is listed before a menu is chosen.
    expect(await screen.findByText('请先在左侧选择一个菜单')).toBeInTheDocument();
    await chooseUserMenu(user);
    const table = screen.getByTestId('data-scope-table');
    expect(await within(table).findByText('本部门用户')).toBeInTheDocument();
    expect(within(table).getByText('本人创建')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/macro-system/data-scope/list')?.url.searchParams.get('menuId')).toBe('5');
  }, 120_000);

  it("refuses an empty scope with the contract's messages and sends nothing", async () => {
    const calls = serve((url) => (url.pathname === '/api/macro-system/data-scope/list' ? { data: pageOf([]) } : undefined));
    await renderPage(<DataScopePage />);
    const user = userEvent.setup();
    await chooseUserMenu(user);
    await user.click(await screen.findByTestId('data-scope-add'));
    await user.click(await screen.findByTestId('data-scope-dialog-save'));
    expect(await screen.findByText('请输入权限名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入资源编号')).toBeInTheDocument();
    expect(await screen.findByText('请选择权限类型')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/save'))).toBe(false);
  }, 120_000);

  it('deletes a scope only after the confirmation naming it', async () => {
    const rows = [scope(1, '本部门用户', 3), scope(2, '本人创建', 5)];
    const calls = serve((url) => {
      if (url.pathname === '/api/macro-system/data-scope/remove') {
        rows.splice(1, 1);
        return { data: { removed: 1 } };
      }
      if (url.pathname === '/api/macro-system/data-scope/list') return { data: pageOf([...rows]) };
      return undefined;
    });
    await renderPage(<DataScopePage />);
    const user = userEvent.setup();
    await chooseUserMenu(user);
    const table = screen.getByTestId('data-scope-table');
    const row = (await within(table).findByText('本人创建')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const question = await screen.findByText('确定永久删除权限「本人创建」吗？');
    expect(calls.some((c) => c.url.pathname.endsWith('/remove'))).toBe(false);
    await user.click(within(question.closest('.ant-modal') as HTMLElement).getByTestId('data-scope-remove-confirm'));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/remove'))?.url.searchParams.get('ids')).toBe('2'));
    await waitFor(() => expect(within(table).queryByText('本人创建')).toBeNull());
    expect(within(table).getByText('本部门用户')).toBeInTheDocument();
  }, 120_000);
});
