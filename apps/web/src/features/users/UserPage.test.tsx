import type { UserRecord } from '@macro/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { UserPage } from './UserPage';

function user(id: number, account: string, fields: Partial<UserRecord> = {}): UserRecord {
  return {
    id,
    tenantId: '000000',
    account,
    name: account,
    realName: '',
    code: '',
    mobile: '',
    telephone: '',
    email: '',
    wechat: '',
    qq: '',
    birthday: null,
    sex: 0,
    deptId: null,
    deptName: '',
    remark: '',
    status: 1,
    userType: 1,
    userExt: '',
    avatar: '',
    roleIds: [],
    roleName: '',
    postIds: [],
    postName: '',
    locked: false,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('the user screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['user:view', 'user:status', 'user:grant'] }));
  afterEach(() => useSession.getState().clear());

  it('marks a disabled user, and disables another only after confirming', async () => {
    const rows = [user(1, 'lisi'), user(2, 'wangwu', { status: 0 })];
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/macro-user/page') return { data: pageOf(rows) };
      if (url.pathname === '/api/users/1/enabled' && init?.method === 'PATCH') {
        rows[0] = { ...rows[0], status: 0 };
        return { data: rows[0] };
      }
      return undefined;
    });
    await renderPage(<UserPage />);
    expect(await screen.findByTestId('user-disabled-wangwu')).toHaveTextContent('停用');
    expect(screen.queryByTestId('user-disabled-lisi')).toBeNull();
    // Without user:add and user:delete their buttons are not offered.
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.getByTestId('user-grant')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: '「lisi」启用状态' }));
    const question = await screen.findByText('确定停用用户「lisi」吗？停用后该用户立即退出且不能登录。');
    expect(calls.some((c) => c.url.pathname.endsWith('/enabled'))).toBe(false);
    const dialog = question.closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByTestId('user-toggle-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/users/1/enabled')).toBe(true));
    const patch = calls.find((c) => c.url.pathname === '/api/users/1/enabled')!;
    expect(JSON.parse(String(patch.init?.body))).toEqual({ enabled: false });
    expect(await screen.findByTestId('user-disabled-lisi')).toBeInTheDocument();
  });

  it('filters the list by a department chosen from the tree on the left, opening branches as needed', async () => {
    const node = (id: number, title: string, parentId: number, hasChildren: boolean) => ({
      id,
      parentId,
      companyId: 1,
      title,
      key: id,
      value: id,
      hasChildren,
      children: [],
    });
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-user/page') return { data: pageOf([user(1, 'lisi', { deptId: 7 })]) };
      if (url.pathname === '/api/macro-system/dept/lazy-tree') {
        const parentId = url.searchParams.get('parentId');
        if (parentId === '0') return { data: [node(3, '总部', 0, true)] };
        if (parentId === '3') return { data: [node(7, '研发部', 3, false)] };
      }
      if (url.pathname === '/api/macro-system/dept/tree') return { data: [{ ...node(3, '总部', 0, true), children: [node(7, '研发部', 3, false)] }] };
      return undefined;
    });
    await renderPage(<UserPage />);
    await screen.findByRole('switch', { name: '「lisi」启用状态' });
    const panel = screen.getByTestId('user-dept-panel');
    // Only the top level is read at first; a branch loads when opened.
    await within(panel).findByText('总部');
    expect(calls.some((c) => c.url.searchParams.get('parentId') === '3')).toBe(false);
    await userEvent.click(panel.querySelector('.ant-tree-switcher') as HTMLElement);
    await userEvent.click(await within(panel).findByText('研发部'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deptId')).toBe('7'));
    await userEvent.click(within(panel).getByRole('button', { name: '全部部门' }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deptId')).toBeNull());
  });

  it('finds a department by name anywhere in the tree', async () => {
    const leaf = { id: 9, parentId: 3, companyId: 1, title: '测试组', key: 9, value: 9, hasChildren: false, children: [] };
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-user/page') return { data: pageOf([user(1, 'lisi')]) };
      if (url.pathname === '/api/macro-system/dept/lazy-tree') return { data: [{ ...leaf, id: 3, title: '总部', hasChildren: true, parentId: 0 }] };
      if (url.pathname === '/api/macro-system/dept/tree') {
        return {
          data: [{ ...leaf, id: 3, key: 3, value: 3, title: '总部', hasChildren: true, parentId: 0, children: [leaf, { ...leaf, id: 10, title: '财务组' }] }],
        };
      }
      return undefined;
    });
    await renderPage(<UserPage />);
    const panel = screen.getByTestId('user-dept-panel');
    await within(panel).findByText('总部');
    await userEvent.type(within(panel).getByLabelText('搜索部门名称'), '测试');
    await userEvent.click(await within(panel).findByText('测试组'));
    expect(within(panel).queryByText('财务组')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deptId')).toBe('9'));
  });
});
