import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, Route as PathRoute, Routes, useLocation } from 'react-router';
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
    // No animations: the test DOM never ends them, so closing dialogs would linger. No styles
    // written at run time (zeroRuntime): the test DOM has what it reads of them (setup.ts).
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true, token: { motion: false } }}>
      <App>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return { ...view, client };
}

/** Renders `routes` in a memory router opened at `path`; `location()` tells where it is now. */
export async function renderRoutes(routes: Record<string, ReactElement>, path: string) {
  let current: Location | null = null;
  function Probe() {
    current = useLocation();
    return null;
  }
  const view = await renderPage(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <Routes>
        {Object.entries(routes).map(([route, element]) => (
          <PathRoute key={route} path={route} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, location: () => current as unknown as Location };
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
