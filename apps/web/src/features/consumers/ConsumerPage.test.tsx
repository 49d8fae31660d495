import type { Consumer } from '@macro/contract/consumers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { ConsumerPage } from './ConsumerPage';

/** Puts text into a field in one go (typing key by key is slow under load). */
async function fill(user: ReturnType<typeof userEvent.setup>, testId: string, value: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

const consumer = (id: number, account: string, name: string, fields: Partial<Consumer> = {}): Consumer => ({
  id,
  account,
  name,
  mobile: '',
  email: '',
  status: 1,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the consumer screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['consumer:view', 'consumer:add', 'consumer:edit', 'consumer:delete', 'consumer:status'] }));
  afterEach(() => {
    useSession.getState().clear();
    vi.unstubAllGlobals();
  });

  it('lists the consumers the server sends', async () => {
    serveApi((url) =>
      url.pathname === '/api/macro-user/consumer/page'
        ? { data: pageOf([consumer(1, 'member01', '会员甲', { mobile: '13800138000' }), consumer(2, 'member02', '会员乙', { status: 0 })]) }
        : undefined,
    );
    await renderPage(<ConsumerPage />);
    const table = screen.getByTestId('consumer-table');
    expect(await within(table).findByText('会员甲')).toBeInTheDocument();
    expect(within(table).getByText('13800138000')).toBeInTheDocument();
    expect(within(table).getByText('member02')).toBeInTheDocument();
    // The disabled one says so beside its switch.
    expect(within(table).getByText('停用')).toBeInTheDocument();
  });

  it("refuses a new consumer with the contract's messages, then sends a valid one", async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/macro-user/consumer/submit') return { data: consumer(9, 'member09', '新会员', JSON.parse(String(init?.body))) };
      if (url.pathname === '/api/macro-user/consumer/page') return { data: pageOf([]) };
      return undefined;
    });
    await renderPage(<ConsumerPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('consumer-add'));
    await user.click(await screen.findByTestId('consumer-dialog-save'));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    await fill(user, 'consumer-field-account', 'bad account!');
    await fill(user, 'consumer-field-name', '新会员');
    await fill(user, 'consumer-field-mobile', '12345');
    await user.click(screen.getByTestId('consumer-dialog-save'));
    expect(await screen.findByText('只能输入字母、数字或下划线，且不超过100个字符')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/submit'))).toBe(false);

    await fill(user, 'consumer-field-account', 'member09');
    await fill(user, 'consumer-field-mobile', '13900139000');
    await user.click(screen.getByTestId('consumer-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const submit = calls.find((c) => c.url.pathname === '/api/macro-user/consumer/submit');
    expect(JSON.parse(String(submit?.init?.body))).toMatchObject({ account: 'member09', name: '新会员', mobile: '13900139000' });
  }, 120_000);

  it('deletes a consumer only after the confirmation naming it', async () => {
    const rows = [consumer(1, 'member01', '会员甲'), consumer(2, 'member02', '会员乙')];
    const calls = serveApi((url) => {
      if (url.pathname === '/api/macro-user/consumer/remove') {
        rows.splice(0, 1);
        return { data: { removed: 1 } };
      }
      if (url.pathname === '/api/macro-user/consumer/page') return { data: pageOf([...rows]) };
      return undefined;
    });
    await renderPage(<ConsumerPage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('consumer-table');
    const row = (await within(table).findByText('member01')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const question = await screen.findByText('确定永久删除消费者用户“member01”吗？');
    expect(calls.some((c) => c.url.pathname.endsWith('/remove'))).toBe(false);
    await user.click(within(question.closest('.ant-modal') as HTMLElement).getByTestId('consumer-remove-confirm'));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/macro-user/consumer/remove')?.url.searchParams.get('ids')).toBe('1'));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('member01')).toBeNull());
    expect(within(table).getByText('member02')).toBeInTheDocument();
  }, 120_000);
});
