import type { Delegate } from '@macro/contract/delegates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { DelegatePage } from './DelegatePage';

const delegate = (id: number, entrustedName: string, extra: Partial<Delegate> = {}): Delegate => ({
  id,
  startTime: '2020-01-01T00:00:00.000Z',
  endTime: '2099-01-01T00:00:00.000Z',
  entrustedUserId: 5,
  entrustedName,
  processKeys: [],
  description: '',
  ownerId: 1,
  createTime: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('delegate screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['delegate:view', 'delegate:add', 'delegate:edit', 'delegate:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists my delegations with their processes and state, and asks for start, end and the entrusted person', async () => {
    serveApi((url) => {
      if (url.pathname.endsWith('/query-delegate'))
        return { data: pageOf([delegate(1, '小王'), delegate(2, '小李', { processKeys: ['leave'], endTime: '2021-01-01T00:00:00.000Z' })]) };
      if (url.pathname === '/api/users/directory') return { data: pageOf([]) };
      return undefined;
    });
    await renderPage(<DelegatePage />);
    const table = screen.getByTestId('delegate-table');
    expect(await within(table).findByText('小王')).toBeInTheDocument();
    expect(within(table).getByText('全部流程')).toBeInTheDocument();
    expect(within(table).getByText('leave')).toBeInTheDocument();
    expect(within(table).getByText('生效中')).toBeInTheDocument();
    expect(within(table).getByText('已结束')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('delegate-add'));
    await user.click(await screen.findByTestId('delegate-dialog-save'));
    const error = { selector: '.ant-form-item-explain-error' };
    expect(await screen.findByText('请选择开始时间', error)).toBeInTheDocument();
    expect(await screen.findByText('请选择结束时间', error)).toBeInTheDocument();
    expect(await screen.findByText('请选择被委托人', error)).toBeInTheDocument();
  }, 60_000);
});
