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

  it('filters the list by the department chosen on the left', async () => {
    const calls = serveApi((url) => (url.pathname === '/api/macro-user/page' ? { data: pageOf([user(1, 'lisi', { deptId: 7 })]) } : undefined));
    await renderPage(<UserPage />);
    await screen.findByRole('switch', { name: '「lisi」启用状态' });
    await userEvent.type(screen.getByLabelText('按部门编号筛选'), '7');
    await userEvent.click(screen.getByRole('button', { name: /筛\s*选/ }));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deptId')).toBe('7'));
    await userEvent.click(screen.getByText('全部部门'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('deptId')).toBeNull());
  });
});
