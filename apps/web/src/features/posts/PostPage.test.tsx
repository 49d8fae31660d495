import type { Post } from '@macro/contract/posts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { PostPage } from './PostPage';

const post = (id: number, postCode: string, postName: string): Post => ({
  id,
  postCode,
  postName,
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

describe('post screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['post:view', 'post:add', 'post:edit', 'post:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists posts, asks for the required fields and sends a new post', async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname.endsWith('/submit')) return { data: { ...post(9, 'cfo', '财务总监'), ...JSON.parse(String(init?.body)) } };
      return { data: pageOf([post(1, 'ceo', '总经理'), post(2, 'staff', '职员')]) };
    });
    await renderPage(<PostPage />);
    const user = userEvent.setup();
    expect(await within(screen.getByTestId('post-table')).findByText('总经理')).toBeInTheDocument();

    await user.click(screen.getByTestId('post-add'));
    await user.click(await screen.findByTestId('post-dialog-save'));
    expect(await screen.findByText('请输入岗位编号')).toBeInTheDocument();
    expect(await screen.findByText('请输入岗位名称')).toBeInTheDocument();
    await user.type(screen.getByTestId('post-field-postCode'), 'cfo');
    await user.type(screen.getByTestId('post-field-postName'), '财务总监');
    await user.click(screen.getByTestId('post-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const submit = calls.find((call) => call.url.pathname === '/api/macro-system/post/submit');
    expect(JSON.parse(String(submit?.init?.body))).toMatchObject({ postCode: 'cfo', postName: '财务总监', sort: 1 });
  });
});
