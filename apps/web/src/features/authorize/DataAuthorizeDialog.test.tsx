import type { DataAuthorizeView } from '@macro/contract/authorize';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { DataAuthorizeDialog } from './DataAuthorizeDialog';

const VIEW: DataAuthorizeView = {
  objectId: 4,
  objectType: 1,
  dataScopeIds: [11],
  menus: [
    {
      id: 1,
      parentId: 0,
      code: 'system',
      name: '系统管理',
      i18n: '',
      scopes: [],
      children: [
        {
          id: 5,
          parentId: 1,
          code: 'user:view',
          name: '用户管理',
          i18n: '',
          scopes: [
            { id: 11, scopeName: '本部门用户', resourceCode: 'user', scopeType: 3 },
            { id: 12, scopeName: '本人创建', resourceCode: 'user', scopeType: 5 },
          ],
          children: [],
        },
      ],
    },
  ],
};

describe('data authorisation of a role', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the menus' scopes with the held one ticked, and saves the ticks of those menus", async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/data-authorize/4/1/menu') return { data: VIEW };
      if (url.pathname === '/api/data-authorize' && init?.method === 'PUT') return { data: { ...VIEW, dataScopeIds: [11, 12] } };
      return undefined;
    });
    const onClose = vi.fn();
    await renderPage(<DataAuthorizeDialog subject={{ objectType: 1, objectId: 4, name: '审计员' }} onClose={onClose} />);
    expect(await screen.findByText('授权对象：角色「审计员」')).toBeInTheDocument();
    const held = (await screen.findByText('本部门用户 · 本部门数据')).closest('.ant-tree-treenode') as HTMLElement;
    expect(held).toHaveClass('ant-tree-treenode-checkbox-checked');
    const other = screen.getByText('本人创建 · 本人创建的数据').closest('.ant-tree-treenode') as HTMLElement;
    expect(other).not.toHaveClass('ant-tree-treenode-checkbox-checked');
    await userEvent.click(other.querySelector('.ant-tree-checkbox') as HTMLElement);
    await userEvent.click(screen.getByTestId('data-authorize-dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ objectId: 4, objectType: 1, menuIds: [1, 5], dataScopeIds: [11, 12] });
    expect(await screen.findByText('授权已保存')).toBeInTheDocument();
  }, 120_000);
});
