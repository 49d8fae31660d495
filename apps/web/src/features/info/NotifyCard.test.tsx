import type { NotifyPreferences } from '@macro/contract/notices';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { NotifyCard } from './NotifyCard';

const PREFS = '/api/macro-system/notice/preferences';
const OFF = { wecom: false, wecomAvailable: false, dingtalk: false, dingtalkAvailable: false };

function serve(start: NotifyPreferences) {
  let prefs = start;
  return serveApi((url, init) => {
    if (url.pathname !== PREFS) return undefined;
    if (init?.method === 'PUT') prefs = { ...prefs, ...JSON.parse(String(init.body)) };
    return { data: prefs };
  });
}

describe('the notification card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns e-mail on and says where it goes', async () => {
    const calls = serve({ ...OFF, email: false, emailAddress: 'wang@example.com', emailAvailable: true, wecomAvailable: true });
    await renderPage(<NotifyCard />);
    expect(await screen.findByTestId('notify-email-hint')).toHaveTextContent('wang@example.com');
    const toggle = screen.getByRole('switch', { name: '邮件' });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = calls.find((c) => c.url.pathname === PREFS && c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ email: true });
    expect(await screen.findByText('已开启邮件通知')).toBeInTheDocument();
    // WeChat Work reaches this user; DingTalk does not, and says why.
    expect(screen.getByRole('switch', { name: '企业微信' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: '钉钉' })).toBeDisabled();
    expect(screen.getByTestId('notify-dingtalk-hint')).toHaveTextContent('不是从其通讯录同步');
  });

  it('cannot be turned on without a mail server, and says so', async () => {
    serve({ ...OFF, email: false, emailAddress: 'wang@example.com', emailAvailable: false });
    await renderPage(<NotifyCard />);
    expect(await screen.findByTestId('notify-email-hint')).toHaveTextContent('平台未配置邮件服务器');
    expect(screen.getByRole('switch', { name: '邮件' })).toBeDisabled();
  });
});
