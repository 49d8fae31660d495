import type { SocialLinkRecord } from '@macro/contract/auth';
import type { UserRecord } from '@macro/contract/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { SocialLinksDialog } from './SocialLinksDialog';

const USER = { id: 5, account: 'zhangsan' } as UserRecord;

describe("a user's social accounts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the links, adds one for a configured provider and removes one after confirming', async () => {
    let links: SocialLinkRecord[] = [{ id: 1, userId: 5, source: 'dingtalk', externalId: 'union-1', createTime: '2026-01-01T00:00:00.000Z' }];
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/macro-user/social-link/list') return { data: links };
      if (url.pathname === '/api/macro-auth/oauth/social-providers') return { data: [{ source: 'wechat_enterprise', authorizeUrl: 'http://x' }] };
      if (url.pathname === '/api/macro-user/social-link/submit') {
        const body = JSON.parse(String(init?.body));
        const made = { id: 2, ...body, createTime: '2026-01-02T00:00:00.000Z' };
        links = [made, ...links];
        return { data: made };
      }
      if (url.pathname === '/api/macro-user/social-link/remove') {
        links = links.filter((l) => !JSON.parse(String(init?.body)).ids.includes(l.id));
        return { data: { removed: 1 } };
      }
      return undefined;
    });
    await renderPage(<SocialLinksDialog user={USER} onClose={() => undefined} />);
    const dialog = await screen.findByTestId('user-social-dialog');
    expect(within(dialog).getByText('「zhangsan」的第三方账号')).toBeInTheDocument();
    expect(await within(dialog).findByText('union-1')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /union-1/ })).toHaveTextContent('钉钉');

    // Nothing is sent without the provider's user id.
    await userEvent.click(within(dialog).getByTestId('user-social-add'));
    expect(await within(dialog).findByText('请输入第三方用户标识')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'wechat_enterprise' } });
    fireEvent.change(within(dialog).getByTestId('user-social-external-id'), { target: { value: 'ZhangSan' } });
    await userEvent.click(within(dialog).getByTestId('user-social-add'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/social-link/submit'))).toBe(true));
    const submit = calls.find((c) => c.url.pathname.endsWith('/social-link/submit'))!;
    expect(JSON.parse(String(submit.init?.body))).toEqual({ userId: 5, source: 'wechat_enterprise', externalId: 'ZhangSan' });
    expect(await within(dialog).findByText('ZhangSan')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /ZhangSan/ })).toHaveTextContent('企业微信');

    await userEvent.click(within(dialog).getByTestId('user-social-remove-1'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(dialog).queryByText('union-1')).toBeNull());
    const remove = calls.find((c) => c.url.pathname.endsWith('/social-link/remove'))!;
    expect(JSON.parse(String(remove.init?.body))).toEqual({ ids: [1] });
    // Three dialogs' worth of antd interactions in the test DOM: slow on a loaded two-core machine.
  }, 120_000);
});
