import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useIsMobile, useShellSettings, useSiderCollapsed, useToggleSider } from '../settings';
import { NoticePopover } from './NoticePopover';
import { ReportButtons } from './ReportButtons';
import { HeaderLogo, HeaderMenu } from './HeaderMenu';
import { HeaderTools } from './HeaderTools';
import { MenuSearch } from './MenuSearch';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { t } = useTranslation('shell');
  const mobile = useIsMobile();
  const showSearch = useShellSettings((s) => s.showSearch);
  const collapsed = useSiderCollapsed();
  const toggleCollapsed = useToggleSider();
  const drawerOpen = useShellSettings((s) => s.drawerOpen);
  const setDrawerOpen = useShellSettings((s) => s.setDrawerOpen);
  // The settings drawer may hide the fold button; with the menu in the header there is nothing to fold.
  const showCollapse = useShellSettings((s) => s.showCollapse);
  const horizontal = useShellSettings((s) => s.horizontal);
  const foldable = mobile || (showCollapse && !horizontal);
  // On a phone the button opens the menu drawer; elsewhere it folds the sidebar.
  const menuShown = mobile ? drawerOpen : !collapsed;
  return (
    <Layout.Header className="shell-header">
      {foldable ? (
        <Button
          type="text"
          icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={mobile ? () => setDrawerOpen(!drawerOpen) : toggleCollapsed}
          aria-label={t(menuShown ? 'collapseMenu' : 'expandMenu')}
          aria-expanded={menuShown}
          data-testid="collapse-toggle"
        />
      ) : null}
      {horizontal && !mobile ? <HeaderLogo /> : null}
      <h1 className="shell-title">{t('title')}</h1>
      <HeaderMenu />
      <div className="shell-header-actions">
        <ReportButtons />
        <HeaderTools />
        {showSearch ? <MenuSearch /> : null}
        <LanguageSwitch />
        <NoticePopover />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
