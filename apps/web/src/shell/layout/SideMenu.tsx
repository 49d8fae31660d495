import type { MenuRoute } from '@macro/contract/menus';
import { Badge, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { menuBadge } from '../registry';
import { useIsMobile, useShellSettings, useSiderCollapsed } from '../settings';
import { MenuIcon } from './menuIcons';
import { ancestorPaths, canOpenPath, menuLabel, openMenuPath, visibleMenus } from './menuTree';

type MenuItem = Required<MenuProps>['items'][number];

/** A menu label with the count a feature keeps for it (my tasks: the to-do count), read out after the label. */
function CountedLabel({ label, useCount }: { label: string; useCount: () => number }) {
  const { t } = useTranslation('shell');
  const count = useCount();
  return (
    <span className="menu-counted">
      <span>{label}</span>
      {count ? (
        <>
          <Badge count={count} overflowCount={99} size="small" className="menu-count" aria-hidden />
          <span className="visually-hidden">{t('menuCount', { count })}</span>
        </>
      ) : null}
    </span>
  );
}

export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 64;

/** The menus the user may open, as antd menu items, and what a click on one does. */
export function useNavigationMenu() {
  const { i18n } = useTranslation('shell');
  const menus = useSession((s) => s.menus);
  const setDrawerOpen = useShellSettings((s) => s.setDrawerOpen);
  const navigate = useNavigate();
  const tree = useMemo(() => visibleMenus(menus, canOpenPath), [menus]);

  const items = useMemo(() => {
    const toItem = (menu: MenuRoute): MenuItem => {
      const text = menuLabel(menu, i18n);
      const useCount = menuBadge(menu.path);
      const label = useCount ? <CountedLabel label={text} useCount={useCount} /> : text;
      const icon = <MenuIcon name={menu.source} />;
      return menu.children.length > 0 ? { key: menu.path, icon, label, children: menu.children.map(toItem) } : { key: menu.path, icon, label };
    };
    return tree.map(toItem);
  }, [tree, i18n]);

  const onSelect = (key: string) => {
    setDrawerOpen(false);
    openMenuPath(key, navigate);
  };
  return { tree, items, onSelect };
}

export function SideMenu() {
  const { t } = useTranslation('shell');
  const mobile = useIsMobile();
  const collapsed = useSiderCollapsed() && !mobile;
  // Horizontal navigation puts the menu in the header; a phone keeps its drawer.
  const horizontal = useShellSettings((s) => s.horizontal) && !mobile;
  const drawerOpen = useShellSettings((s) => s.drawerOpen);
  const setDrawerOpen = useShellSettings((s) => s.setDrawerOpen);
  const { pathname } = useLocation();
  const { tree, items, onSelect } = useNavigationMenu();
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorPaths(tree, pathname) ?? []);
  // Reached any way (a tab, the menu search, a link), a page's folders open (others stay as they
  // were) and its item scrolls into view, highlighted.
  useEffect(() => {
    const ancestors = ancestorPaths(tree, pathname) ?? [];
    setOpenKeys((keys) => (ancestors.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...ancestors])]));
    const frame = requestAnimationFrame(() =>
      document.querySelector('[data-testid="side-menu"] .ant-menu-item-selected')?.scrollIntoView?.({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [tree, pathname]);

  const logo = (
    <div className="shell-logo">
      <img src="/logo.svg" alt="" width={28} height={28} />
      {collapsed ? null : <span>{t('brand')}</span>}
    </div>
  );
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => onSelect(key)}
      data-testid="side-menu"
    />
  );

  if (horizontal) return null;
  if (mobile) {
    return (
      <Drawer
        open={drawerOpen}
        placement="left"
        size={SIDER_WIDTH}
        closable={false}
        onClose={() => setDrawerOpen(false)}
        title={null}
        className="shell-drawer"
        styles={{ body: { padding: 0 } }}
        data-testid="sidebar"
      >
        <nav aria-label={t('navigation')} className="shell-drawer-nav">
          {logo}
          {menu}
        </nav>
      </Drawer>
    );
  }
  return (
    <Layout.Sider width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED_WIDTH} collapsed={collapsed} trigger={null} className="shell-sider" data-testid="sidebar">
      <nav aria-label={t('navigation')}>
        {logo}
        {menu}
      </nav>
    </Layout.Sider>
  );
}
