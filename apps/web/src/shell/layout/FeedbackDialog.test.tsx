import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/locale';
import { renderPage, serveApi } from '../../test/render';
import FeedbackDialog from './FeedbackDialog';

// The capture itself runs in the browser test; here its options and the dialog around it.
const toJpeg = vi.fn();
vi.mock('html-to-image', () => ({ toJpeg: (...args: unknown[]) => toJpeg(...args) }));

describe('the feedback dialog', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    toJpeg.mockReset();
    await act(() => applyLanguage('zh'));
  });

  it('captures a JPEG at quality 0.8 without itself, says so while capturing, and sends text and picture with the success message of the language', async () => {
    let finish: (url: string) => void = () => {};
    toJpeg.mockReturnValue(new Promise<string>((resolve) => (finish = resolve)));
    const calls = serveApi((url) => (url.pathname === '/api/log/feedback' ? { data: { id: 7 } } : undefined));
    await renderPage(<FeedbackDialog onClose={() => {}} />);
    await act(() => applyLanguage('ja'));
    expect(await screen.findByText('画面をキャプチャしています')).toBeInTheDocument();
    expect(screen.getByTestId('feedback-submit')).toBeDisabled();

    const [node, options] = toJpeg.mock.calls[0] as [HTMLElement, { quality: number; filter: (n: Node) => boolean; imagePlaceholder: string }];
    expect(node).toBe(document.body);
    expect(options.quality).toBe(0.8);
    // The dialog is left out of its own picture; broken images get a placeholder instead of failing.
    const dialogRoot = document.querySelector('.feedback-dialog-root') as HTMLElement;
    expect(options.filter(dialogRoot)).toBe(false);
    expect(options.filter(document.createElement('main'))).toBe(true);
    expect(options.imagePlaceholder).toMatch(/^data:image\//);

    await act(async () => finish('data:image/jpeg;base64,AAAA'));
    expect(await screen.findByTestId('feedback-image')).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: '保存できません' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('フィードバックを送信しました')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/log/feedback');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ text: '保存できません', img: 'data:image/jpeg;base64,AAAA' });
  });

  it('lets the text go alone when the capture fails', async () => {
    toJpeg.mockRejectedValue(new Error('tainted canvas'));
    serveApi(() => undefined);
    await renderPage(<FeedbackDialog onClose={() => {}} />);
    expect(await screen.findByText('截图失败，可以只提交文字')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('feedback-submit')).not.toBeDisabled());
  });
});
