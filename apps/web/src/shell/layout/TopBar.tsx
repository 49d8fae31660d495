import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useShellSettings } from '../settings';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { t } = useTranslation('shell');
  const collapsed = useShellSettings((s) => s.collapsed);
  const toggleCollapsed = useShellSettings((s) => s.toggleCollapsed);
  return (
    <Layout.Header className="shell-header">
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggleCollapsed}
        aria-label={t(collapsed ? 'expandMenu' : 'collapseMenu')}
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
