import type { InboxItem, UnreadCounts } from '@macro/contract/notices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderRoutes, serveApi } from '../../test/render';
import { NoticePopover } from './NoticePopover';

const BASE = '/api/macro-system/notice';
const item = (id: number, read = false): InboxItem => ({
  id,
  category: 1,
  title: `公告${id}`,
  content: `公告${id}的内容`,
  publishTime: '2026-11-20T08:30:00.000Z',
  senderName: '管理员',
  link: id === 2 ? '/workflow/tasks/9' : '',
  read,
});

/** A tiny inbox on the "server": items of the notice tab, read state kept per id. */
function inbox(unread: number, extraMessages = 0) {
  const items = [item(1), item(2)];
  const read = new Set<number>();
  const counts = (): UnreadCounts => {
    const notice = unread - read.size;
    return { notice, message: extraMessages, mail: 0, total: notice + extraMessages };
  };
  const calls = serveApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === `${BASE}/unread-count`) return { data: counts() };
    if (url.pathname === `${BASE}/inbox` && method === 'GET') return { data: pageOf(items.map((i) => ({ ...i, read: read.has(i.id) }))) };
    const readOne = url.pathname.match(/inbox\/(\d+)\/read$/);
    if (readOne) {
      read.add(Number(readOne[1]));
      return { data: counts() };
    }
    if (url.pathname === `${BASE}/inbox/read-all`) {
      for (const i of items) read.add(i.id);
      return { data: counts() };
    }
    const open = url.pathname.match(/inbox\/(\d+)$/);
    if (open) {
      read.add(Number(open[1]));
      return { data: { ...items.find((i) => i.id === Number(open[1]))!, read: true } };
    }
    return undefined;
  });
  return calls;
}

describe('the notice popover', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('badges the unread total, at most 99', async () => {
    inbox(150);
    await renderRoutes({ '/': <NoticePopover /> }, '/');
    const bell = await screen.findByRole('button', { name: '通知（150 条未读）' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('lists a tab, marks one read and then all, the badge following the server’s counts', async () => {
    const calls = inbox(2, 1);
    await renderRoutes({ '/': <NoticePopover /> }, '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '通知（3 条未读）' }));
    expect(await screen.findByTestId('notice-tab-notice')).toHaveTextContent('通知 (2)');
    expect(screen.getByTestId('notice-tab-message')).toHaveTextContent('消息 (1)');
    await user.click(await screen.findByTestId('notice-read-1'));
    await screen.findByRole('button', { name: '通知（2 条未读）' });
    expect(calls.some((c) => c.url.pathname === `${BASE}/inbox/1/read` && c.init?.method === 'PATCH')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('notice-read-1')).toBeNull());

    await user.click(screen.getByTestId('notice-read-all'));
    await screen.findByRole('button', { name: '通知（1 条未读）' });
    const readAll = calls.find((c) => c.url.pathname === `${BASE}/inbox/read-all`);
    expect(JSON.parse(String(readAll?.init?.body))).toEqual({ category: 1 });
  }, 60_000);

  it('opens an item in a dialog, which marks it read', async () => {
    inbox(2);
    await renderRoutes({ '/': <NoticePopover /> }, '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '通知（2 条未读）' }));
    await user.click(await screen.findByTestId('notice-open-2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('公告2的内容')).toBeInTheDocument();
    expect(within(dialog).getByText(/来自 管理员/)).toBeInTheDocument();
    await screen.findByRole('button', { name: '通知（1 条未读）' });
  });

  it('a message about a task opens the task: the dialog offers its page, one without a link only closes', async () => {
    inbox(2);
    const view = await renderRoutes({ '/': <NoticePopover />, '/workflow/tasks/9': <p>task 9</p> }, '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '通知（2 条未读）' }));
    await user.click(await screen.findByTestId('notice-open-1'));
    expect(within(await screen.findByRole('dialog')).queryByTestId('notice-follow')).toBeNull();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /通知/ }));
    await user.click(await screen.findByTestId('notice-open-2'));
    await user.click(await screen.findByTestId('notice-follow'));
    expect(await screen.findByText('task 9')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/workflow/tasks/9');
  });
});
