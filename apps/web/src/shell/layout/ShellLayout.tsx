import { QueryClientProvider } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMenuRoutes, usePermissionList, useUserInfo } from '../../api/auth';
import { queryClient } from '../../api/queryClient';
import { FeedbackBridge } from '../../components/FeedbackBridge';
import { useSession } from '../../session/store';
import { findPage, isOpenPath } from '../registry';
import { useTabs } from '../tabs';
import { findMenu } from './menuTree';
import { SideMenu } from './SideMenu';
import { TabStrip, tagKeyOf } from './TabStrip';
import { TopBar } from './TopBar';
import './shell.css';

/** Spec §2: reload the view 100 ms after the click; the refresh icon spins for 500 ms. */
const REFRESH_DELAY_MS = 100;
const REFRESH_SPIN_MS = 500;

function useVisitedTabs() {
  const { pathname, search } = useLocation();
  const menus = useSession((s) => s.menus);
  const open = useTabs((s) => s.open);
  useEffect(() => {
    const fullPath = pathname + search;
    const isPage = pathname === '/iframe' || isOpenPath(pathname) || (findPage(pathname) && findMenu(menus, pathname));
    if (isPage) open({ key: tagKeyOf(pathname, fullPath), path: pathname, fullPath });
  }, [pathname, search, menus, open]);
}

export function ShellLayout() {
  return (
    <App className="app-root">
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>
        <ShellFrame />
      </QueryClientProvider>
    </App>
  );
}

function ShellFrame() {
  // Menus, permissions and user details are re-read once per visit; they may have changed.
  useMenuRoutes();
  usePermissionList();
  useUserInfo();
  useVisitedTabs();
  const [viewKey, setViewKey] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach(window.clearTimeout), []);

  const refresh = () => {
    setRefreshing(true);
    timers.current.push(
      window.setTimeout(() => setViewKey((key) => key + 1), REFRESH_DELAY_MS),
      window.setTimeout(() => setRefreshing(false), REFRESH_SPIN_MS),
    );
  };

  return (
    <Layout className="shell">
      <SideMenu />
      <Layout className="shell-main">
        <TopBar />
        <TabStrip refreshing={refreshing} onRefresh={refresh} />
        {/* The page scrolls here; a keyboard user must be able to focus it to scroll (axe scrollable-region-focusable). */}
        <Layout.Content className="shell-content" key={viewKey} tabIndex={0}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
