import { DownOutlined, KeyOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../api/auth';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useSession } from '../../session/store';
import { SETTING_PATH } from '../registry';
import { useShellSettings } from '../settings';

// The lock dialog (a form) loads the first time the screen is locked.
const LockDialog = lazy(() => import('./LockDialog').then((m) => ({ default: m.LockDialog })));

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const lock = useOpenedOnce();
  const showLock = useShellSettings((s) => s.showLock);
  const name = user?.nick_name || user?.account || '';

  const confirmLogout = () =>
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: async () => {
        // The session is cleared even when the server cannot be reached.
        await signOut.mutateAsync().catch(() => undefined);
        navigate('/login', { replace: true });
      },
    });

  const items: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: <span data-testid="change-password">{t('passwordChange.action')}</span> },
    ...(showLock ? [{ key: 'lock', icon: <LockOutlined />, label: <span data-testid="lock-screen">{t('lock.action')}</span> }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('logout.action')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'password') navigate(SETTING_PATH);
    else lock.show();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <button type="button" className="shell-user" data-testid="user-menu" aria-label={t('userMenu')}>
          <Space size={8}>
            <Avatar size={28} src={user?.avatar || undefined} alt="">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="shell-user-name">{name}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </button>
      </Dropdown>
      {lock.mounted ? (
        <Suspense fallback={null}>
          <LockDialog open={lock.open} onClose={lock.hide} />
        </Suspense>
      ) : null}
    </>
  );
}
