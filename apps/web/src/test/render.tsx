import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { initI18n, loadFeatureBundles } from '../i18n';

/** A query client for one test: no retries, nothing cached between tests. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });
}

/** Renders inside what the shell gives every page: antd's zh locale and App, and a query client. */
export async function renderPage(ui: ReactElement, client = testQueryClient()) {
  await initI18n('zh');
  await loadFeatureBundles('zh');
  const view = render(
    // No animations: jsdom never ends them, so closing dialogs would linger.
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <App>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return { ...view, client };
}

type Reply = { status?: number; data?: unknown; body?: unknown } | Promise<never>;
type Route = (url: URL, init: RequestInit | undefined) => Reply | undefined;

/** Answers fetch calls by route; each answer is wrapped in the success envelope unless `body` is given. */
export function serveApi(route: Route) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://console.test');
    calls.push({ url, init });
    const reply = await route(url, init);
    if (!reply) return new Response(JSON.stringify({ code: 404, success: false, sys_msg: `no route ${url.pathname}` }), { status: 404 });
    const status = reply.status ?? 200;
    const body =
      reply.body ??
      (status === 200
        ? { code: 200, success: true, data: reply.data, msg: '操作成功' }
        : { code: status, success: false, error_code: status, httpCode: status, sys_msg: String(reply.data), data: null });
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A page of records as the server sends it. */
export function pageOf<T>(records: T[], extra: Partial<{ total: number; totalExact: boolean; nextCursor: string | null; current: number; size: number }> = {}) {
  return { records, total: records.length, current: 1, size: 10, totalExact: true, nextCursor: null, ...extra };
}
