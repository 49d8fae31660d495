import { useTranslation } from 'react-i18next';
import type { MenuRoute } from '@macro/contract/menus';
import { Layout } from 'antd';
import { Fragment, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMenuRoutes, usePermissionList, useUserInfo } from '../../api/auth';
import { useSession } from '../../session/store';
import { PageFallback } from '../chunks';
import { useMicro } from '../micro';
import { findPage, isOpenPath, pageMeta } from '../registry';
import { useShellSettings } from '../settings';
import { type Tag, useTabs } from '../tabs';
import { findMenu, mayFrame } from './menuTree';
import { ShellProviders } from './ShellProviders';
import { SideMenu } from './SideMenu';
import { TabStrip, tagKeyOf } from './TabStrip';
import { TopBar } from './TopBar';
import './shell.css';

/** Spec §2: reload the view 100 ms after the click; the refresh icon spins for 500 ms. */
export const REFRESH_DELAY_MS = 100;
export const REFRESH_SPIN_MS = 500;

/** Whether the address shows a page that gets a tab: the frame page only with a link it may frame. */
function isPage(pathname: string, menus: readonly MenuRoute[], search = ''): boolean {
  if (pathname === '/iframe') return mayFrame(new URLSearchParams(search).get('src') ?? '', menus);
  return isOpenPath(pathname) || Boolean(findPage(pathname) && findMenu(menus, pathname));
}

/** Route meta keepAlive: the server menu's, or the page's own declaration. */
function keepsAlive(path: string, menus: readonly MenuRoute[]): boolean {
  if (path === '/iframe' || !isPage(path, menus)) return false;
  return findMenu(menus, path)?.meta.keepAlive ?? pageMeta(path)?.keepAlive ?? false;
}

/** Spec §2: the sidebar is hidden when the route's meta says menu 0 or the query says menu=false. */
export function sidebarHidden(pathname: string, search: string): boolean {
  return pageMeta(pathname)?.menu === false || new URLSearchParams(search).get('menu') === 'false';
}

function useVisitedTabs() {
  const { pathname, search } = useLocation();
  const menus = useSession((s) => s.menus);
  const open = useTabs((s) => s.open);
  useEffect(() => {
    const fullPath = pathname + search;
    if (isPage(pathname, menus, search)) open({ key: tagKeyOf(pathname, fullPath), path: pathname, fullPath });
  }, [pathname, search, menus, open]);
}

export function ShellLayout() {
  return (
    <ShellProviders>
      <ShellFrame />
    </ShellProviders>
  );
}

/** A keep-alive page: mounted once opened, hidden while another tab is shown, gone when its tab closes. */
function KeptPage({ tag, active }: { tag: Tag; active: boolean }) {
  const Page = findPage(tag.path);
  if (!Page) return null;
  return (
    <div hidden={!active} data-testid="kept-page" data-tab-key={tag.key}>
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    </div>
  );
}

const MAIN_ID = 'main-content';

/** The first tab stop of every page: straight to the content, past the menu and the top bar (shown when focused). */
function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // The router owns the address: focus the content without changing it.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      data-testid="skip-link"
    >
      {t('skipToContent')}
    </a>
  );
}

function ShellFrame() {
  // Menus, permissions and user details are re-read once per visit; they may have changed.
  useMenuRoutes();
  usePermissionList();
  useUserInfo();
  useVisitedTabs();
  const showTags = useShellSettings((s) => s.showTags);
  const { pathname, search } = useLocation();
  const menus = useSession((s) => s.menus);
  const tags = useTabs((s) => s.tags);
  const activeKey = tagKeyOf(pathname, pathname + search);
  // Refresh reloads the current page only: its view is remounted under a new key.
  const [reloads, setReloads] = useState<Record<string, number>>({});
  // Mounted by a host page (micro-frontend): the host's own navigation stands in for these.
  const embedded = useMicro((s) => s.embedded);
  const [refreshing, setRefreshing] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach(window.clearTimeout), []);

  const refresh = () => {
    timers.current.forEach(window.clearTimeout);
    const key = activeKey;
    setRefreshing(true);
    timers.current = [
      window.setTimeout(() => setReloads((all) => ({ ...all, [key]: (all[key] ?? 0) + 1 })), REFRESH_DELAY_MS),
      window.setTimeout(() => setRefreshing(false), REFRESH_SPIN_MS),
    ];
  };

  // After signing in and after each navigation, focus goes to the page (a screen reader reads
  // where it is; Tab goes on into the page), unless it is in the page already or in a dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, which the effect does not read
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    const active = document.activeElement;
    if (!main || (active && active !== main && main.contains(active)) || active?.closest('.ant-modal-wrap, .ant-drawer')) return;
    main.focus({ preventScroll: true });
  }, [pathname]);

  const activeKept = keepsAlive(pathname, menus);
  const kept = tags.filter((tag) => keepsAlive(tag.path, menus));
  if (activeKept && !kept.some((tag) => tag.key === activeKey)) kept.push({ key: activeKey, path: pathname, fullPath: activeKey });

  return (
    // Header, sidebar, tab strip, content: the order a keyboard reaches them (shell.css places them).
    <Layout hasSider className={embedded ? 'shell shell-embedded' : 'shell'} data-embedded={embedded || undefined}>
      {embedded ? null : <SkipLink />}
      {embedded ? null : <TopBar />}
      {embedded || sidebarHidden(pathname, search) ? null : <SideMenu />}
      {showTags && !embedded ? <TabStrip refreshing={refreshing} onRefresh={refresh} /> : null}
      {/* The page scrolls here; a keyboard user must be able to focus it to scroll (axe scrollable-region-focusable). */}
      <Layout.Content className="shell-content" tabIndex={0} id={MAIN_ID}>
        {kept.map((tag) => (
          <KeptPage key={`${tag.key}#${reloads[tag.key] ?? 0}`} tag={tag} active={tag.key === activeKey} />
        ))}
        {activeKept ? null : (
          <Fragment key={`${activeKey}#${reloads[activeKey] ?? 0}`}>
            <Outlet />
          </Fragment>
        )}
      </Layout.Content>
    </Layout>
  );
}
