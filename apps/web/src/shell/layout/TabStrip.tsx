import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { HOME_TAG, type Tag, useTabs } from '../tabs';
import { findMenu, menuLabel } from './menuTree';

export function tagKeyOf(pathname: string, fullPath: string): string {
  return pathname === '/iframe' ? fullPath : pathname;
}

interface TabStripProps {
  refreshing: boolean;
  onRefresh: () => void;
}

/** Opened pages (spec §2): close, close others, close all (back to welcome), refresh current. */
export function TabStrip({ refreshing, onRefresh }: TabStripProps) {
  const { t, i18n } = useTranslation('shell');
  const menus = useSession((s) => s.menus);
  const { tags, close, closeOthers, closeAll } = useTabs();
  const navigate = useNavigate();
  const location = useLocation();
  const activeKey = tagKeyOf(location.pathname, location.pathname + location.search);

  const labelOf = (tag: Tag): string => {
    if (tag.key === HOME_TAG.key) return t('home');
    if (tag.path === '/iframe') {
      const src = new URLSearchParams(tag.fullPath.split('?')[1] ?? '').get('src') ?? '';
      const menu = findMenu(menus, src);
      return menu ? menuLabel(menu, i18n) : src;
    }
    const menu = findMenu(menus, tag.path);
    return menu ? menuLabel(menu, i18n) : tag.path;
  };

  const onClose = (key: string) => {
    const next = close(key, activeKey);
    if (next) navigate(next.fullPath);
  };

  const actions: MenuProps['items'] = [
    { key: 'others', icon: <CloseOutlined />, label: <span data-testid="tabs-close-others">{t('tabs.closeOthers')}</span> },
    { key: 'all', icon: <CloseCircleOutlined />, label: <span data-testid="tabs-close-all">{t('tabs.closeAll')}</span> },
  ];
  const onAction: MenuProps['onClick'] = ({ key }) => {
    if (key === 'others') {
      closeOthers(activeKey);
    } else {
      closeAll();
      navigate(HOME_TAG.fullPath);
    }
  };

  return (
    <div className="shell-tabs" data-testid="tab-strip">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => navigate(tags.find((tag) => tag.key === key)?.fullPath ?? key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onClose(key)}
        items={tags.map((tag) => ({
          key: tag.key,
          label: labelOf(tag),
          closable: tag.key !== HOME_TAG.key && tags.length > 1,
        }))}
        tabBarExtraContent={
          <div className="shell-tabs-actions">
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined spin={refreshing} />}
              onClick={onRefresh}
              aria-label={t('tabs.refresh')}
              data-testid="tabs-refresh"
            />
            <Dropdown menu={{ items: actions, onClick: onAction }} trigger={['click']} placement="bottomRight">
              <Button type="text" size="small" data-testid="tabs-menu">
                {t('tabs.more')} <DownOutlined />
              </Button>
            </Dropdown>
          </div>
        }
      />
    </div>
  );
}
