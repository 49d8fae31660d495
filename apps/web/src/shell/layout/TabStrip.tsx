import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/store';
import { pageTitleKey, patternValues } from '../registry';
import { HOME_TAG, type Tag, useTabs } from '../tabs';
import { findMenu, menuLabel } from './menuTree';

/** Tabs are told apart by their full address: the same page with another query is another tab. */
export function tagKeyOf(_pathname: string, fullPath: string): string {
  return fullPath;
}

interface TabStripProps {
  refreshing: boolean;
  onRefresh: () => void;
}

/** Opened pages: close, close others, close all (back to welcome), refresh current. */
export function TabStrip({ refreshing, onRefresh }: TabStripProps) {
  const { t, i18n } = useTranslation('shell');
  const menus = useSession((s) => s.menus);
  const { tags, close, closeOthers, closeAll } = useTabs();
  const navigate = useNavigate();
  const location = useLocation();
  const activeKey = tagKeyOf(location.pathname, location.pathname + location.search);
  const listRef = useRef<HTMLUListElement>(null);

  // The active page's tab scrolls into view when the strip overflows.
  useEffect(() => {
    const active = [...(listRef.current?.children ?? [])].find((item) => (item as HTMLElement).dataset.tabKey === activeKey);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  const labelOf = (tag: Tag): string => {
    if (tag.key === HOME_TAG.key) return t('home');
    if (tag.title) return tag.title;
    if (tag.path === '/iframe') {
      const src = new URLSearchParams(tag.fullPath.split('?')[1] ?? '').get('src') ?? '';
      const menu = findMenu(menus, src);
      return menu ? menuLabel(menu, i18n) : src;
    }
    const menu = findMenu(menus, tag.path);
    if (menu) return menuLabel(menu, i18n);
    const titleKey = pageTitleKey(tag.path, new URLSearchParams(tag.fullPath.split('?')[1] ?? ''));
    if (!titleKey) return tag.path;
    const values = patternValues(tag.path);
    return values.length ? `${t(titleKey)}: ${values.join(' / ')}` : t(titleKey);
  };

  // The browser's tab names the page too (after the language switch has set the plain title).
  const activeTag = tags.find((tag) => tag.key === activeKey);
  const pageTitle = activeTag ? labelOf(activeTag) : '';
  const consoleTitle = t('title');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${consoleTitle}` : consoleTitle;
  }, [pageTitle, consoleTitle]);

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
      {/* Opened pages are links between pages, not a tab widget: a plain list keeps every
          control reachable and named (antd's Tabs put buttons inside role=tablist). */}
      <nav aria-label={t('tabs.label')} className="shell-tabs-nav">
        <ul className="shell-tabs-list" ref={listRef}>
          {tags.map((tag) => {
            const active = tag.key === activeKey;
            const label = labelOf(tag);
            return (
              <li key={tag.key} className={active ? 'shell-tab shell-tab-active' : 'shell-tab'} data-tab-key={tag.key}>
                <Link to={tag.fullPath} aria-current={active ? 'page' : undefined} className="shell-tab-link">
                  {label}
                </Link>
                {tag.key !== HOME_TAG.key && tags.length > 1 ? (
                  <button type="button" className="shell-tab-close" aria-label={t('tabs.close', { name: label })} onClick={() => onClose(tag.key)}>
                    <CloseOutlined />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
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
    </div>
  );
}
