import type { MenuRoute } from '@macro/contract/menus';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderRoutes, serveApi } from '../../test/render';
import { HomePanel } from './HomePanel';

const menu = (path: string, children: MenuRoute[] = []) => ({ path, children }) as unknown as MenuRoute;

function serve() {
  serveApi((url) => {
    if (url.pathname === '/api/visual-homerelation/current') return { data: { source: 'none', scheme: null } };
    if (url.pathname.endsWith('/upcoming-task')) return { data: pageOf([{ taskId: 7, title: '年假 张三', nodeName: '组长审批' }]) };
    return { data: [] };
  });
}

describe('the built-in home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ menus: [] });
  });

  it('leads with the to-do list for a user who holds 我的任务, above the dashboard', async () => {
    useSession.setState({ token: 't', menus: [menu('/workflow', [menu('/workflow/tasks')])] });
    serve();
    await renderRoutes({ '/': <HomePanel fallback={<p>dashboard</p>} /> }, '/');
    const todo = await screen.findByTestId('home-todo');
    expect(await within(todo).findByText('年假 张三')).toBeInTheDocument();
    expect(within(todo).getByText('组长审批')).toBeInTheDocument();
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('shows only the dashboard to a user without the task centre', async () => {
    useSession.setState({ token: 't', menus: [menu('/controller/usermanage')] });
    serve();
    await renderRoutes({ '/': <HomePanel fallback={<p>dashboard</p>} /> }, '/');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByTestId('home-todo')).toBeNull();
  });
});
