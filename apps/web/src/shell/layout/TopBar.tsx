import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useIsMobile, useShellSettings } from '../settings';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { t } = useTranslation('shell');
  const mobile = useIsMobile();
  const collapsed = useShellSettings((s) => s.collapsed);
  const toggleCollapsed = useShellSettings((s) => s.toggleCollapsed);
  const drawerOpen = useShellSettings((s) => s.drawerOpen);
  const setDrawerOpen = useShellSettings((s) => s.setDrawerOpen);
  // On a phone the button opens the menu drawer; elsewhere it folds the sidebar.
  const menuShown = mobile ? drawerOpen : !collapsed;
  return (
    <Layout.Header className="shell-header">
      <Button
        type="text"
        icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={mobile ? () => setDrawerOpen(!drawerOpen) : toggleCollapsed}
        aria-label={t(menuShown ? 'collapseMenu' : 'expandMenu')}
        aria-expanded={menuShown}
        data-testid="collapse-toggle"
      />
      <h1 className="shell-title">{t('title')}</h1>
      <div className="shell-header-actions">
        <LanguageSwitch />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
