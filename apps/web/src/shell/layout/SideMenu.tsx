import type { MenuRoute } from '@macro/contract/menus';
import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { useIsMobile, useShellSettings } from '../settings';
import { MenuIcon } from './menuIcons';
import { ancestorPaths, isExternalLink, menuLabel, NEW_WINDOW_PATHS, visibleMenus } from './menuTree';

type MenuItem = Required<MenuProps>['items'][number];

export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 64;

export function SideMenu() {
  const { t, i18n } = useTranslation('shell');
  const menus = useSession((s) => s.menus);
  const mobile = useIsMobile();
  const collapsed = useShellSettings((s) => s.collapsed) && !mobile;
  const drawerOpen = useShellSettings((s) => s.drawerOpen);
  const setDrawerOpen = useShellSettings((s) => s.setDrawerOpen);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useMemo(() => visibleMenus(menus), [menus]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorPaths(tree, pathname) ?? []);

  const items = useMemo(() => {
    const toItem = (menu: MenuRoute): MenuItem => {
      const label = menuLabel(menu, i18n);
      const icon = <MenuIcon name={menu.source} />;
      return menu.children.length > 0
        ? { key: menu.path, icon, label, children: menu.children.map(toItem) }
        : { key: menu.path, icon, label };
    };
    return tree.map(toItem);
  }, [tree, i18n]);

  const onSelect: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    if (NEW_WINDOW_PATHS.has(key)) {
      window.open(key, '_blank', 'noopener');
    } else if (isExternalLink(key)) {
      navigate(`/iframe?src=${encodeURIComponent(key)}`);
    } else {
      navigate(key);
    }
  };

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
      onClick={onSelect}
      data-testid="side-menu"
    />
  );

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
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      className="shell-sider"
      data-testid="sidebar"
    >
      <nav aria-label={t('navigation')}>
        {logo}
        {menu}
      </nav>
    </Layout.Sider>
  );
}
