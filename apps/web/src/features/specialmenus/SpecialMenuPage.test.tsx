import type { SpecialMenu } from '@macro/contract/specialmenus';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { SpecialMenuPage } from './SpecialMenuPage';

const menu = (id: number, menuName: string): SpecialMenu => ({
  id,
  menuName,
  menuCode: `m${id}`,
  templateKey: 'leave',
  icon: '',
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

describe('special menu screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['specialmenu:view', 'specialmenu:add'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists menus, asks for name, code and one template, and sends a new menu; no delete without the code', async () => {
    const calls = serveApi((_url, init) => {
      if (init?.method === 'POST') return { data: { ...menu(9, 'x'), ...JSON.parse(String(init.body)) } };
      return { data: pageOf([menu(1, '请假申请')]) };
    });
    await renderPage(<SpecialMenuPage />);
    const user = userEvent.setup();
    expect(await within(screen.getByTestId('special-menu-table')).findByText('请假申请')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();

    await user.click(screen.getByTestId('special-menu-add'));
    await user.click(await screen.findByTestId('special-menu-dialog-save'));
    expect(await screen.findByText('请输入菜单名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入菜单编号')).toBeInTheDocument();
    expect(await screen.findByText('请选择一个流程模板')).toBeInTheDocument();
    await user.type(screen.getByTestId('special-menu-field-menuName'), '报销');
    await user.type(screen.getByTestId('special-menu-field-menuCode'), 'expense');
    await user.type(screen.getByTestId('special-menu-field-templateKey'), 'expense-flow');
    await user.click(screen.getByTestId('special-menu-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/macro-flow/special-menu' && c.init?.method === 'POST');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ menuName: '报销', menuCode: 'expense', templateKey: 'expense-flow', sort: 1 });
  }, 60_000);
});
