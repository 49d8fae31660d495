import type { MenuRoute } from '@macro/contract/menus';
import { ConfigProvider, Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsMobile, useShellSettings } from '../settings';
import { headerMenuTheme, resolveTheme } from '../theme/palette';
import { MenuIcon } from './menuIcons';
import { ancestorPaths, menuLabel } from './menuTree';
import { useNavigationMenu } from './SideMenu';

/** The first page under a menu (a folder opens its first page). */
function firstPage(menu: MenuRoute): string {
  return menu.children.length > 0 ? firstPage(menu.children[0]) : menu.path;
}

/** The logo leads the header when the sidebar (which holds it otherwise) is gone. */
export function HeaderLogo() {
  return (
    <div className="shell-header-logo">
      <img src="/logo.svg" alt="" width={26} height={26} />
    </div>
  );
}

/**
 * Navigation in the header (settings drawer): with horizontal navigation the whole menu, with the
 * top menu switched on the first-level menus only. Phones keep the drawer.
 */
export function HeaderMenu() {
  const { t, i18n } = useTranslation('shell');
  const mobile = useIsMobile();
  const horizontal = useShellSettings((s) => s.horizontal);
  const showTopMenu = useShellSettings((s) => s.showTopMenu);
  const themeName = useShellSettings((s) => s.theme);
  const color = useShellSettings((s) => s.color);
  const { pathname } = useLocation();
  const { tree, items, onSelect } = useNavigationMenu();
  const menuTheme = useMemo(() => headerMenuTheme(resolveTheme(themeName, color)), [themeName, color]);
  const topItems = useMemo(
    () => tree.map((menu) => ({ key: firstPage(menu), icon: <MenuIcon name={menu.source} />, label: menuLabel(menu, i18n) })),
    [tree, i18n],
  );

  if (mobile || (!horizontal && !showTopMenu)) return null;
  if (horizontal) {
    return (
      <nav aria-label={t('navigation')} className="shell-header-nav" data-testid="header-nav">
        <ConfigProvider theme={menuTheme}>
          <Menu
            theme="dark"
            mode="horizontal"
            items={items}
            selectedKeys={[pathname]}
            onClick={({ key }) => onSelect(key)}
            className="shell-header-menu"
            data-testid="header-menu"
          />
        </ConfigProvider>
      </nav>
    );
  }
  // Top menu: the first-level entry holding the current page is the selected one.
  const trail = ancestorPaths(tree, pathname);
  const top = trail ? tree.find((menu) => menu.path === (trail[0] ?? pathname)) : undefined;
  return (
    <nav aria-label={t('look.topMenu')} className="shell-header-nav" data-testid="top-menu">
      <ConfigProvider theme={menuTheme}>
        <Menu
          theme="dark"
          mode="horizontal"
          items={topItems}
          selectedKeys={top ? [firstPage(top)] : []}
          onClick={({ key }) => onSelect(key)}
          className="shell-header-menu"
        />
      </ConfigProvider>
    </nav>
  );
}
