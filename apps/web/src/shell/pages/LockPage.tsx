import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/session';
import { verifyLockPassword } from '../../session/lockHash';
import { useSession } from '../../session/store';
import './pages.css';

interface UnlockForm {
  password: string;
}

/** Spec §2 /lock: the session stays, but the console is hidden until the lock password is given. */
export function LockPage() {
  return (
    <App className="app-root">
      <UnlockCard />
    </App>
  );
}

function UnlockCard() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const lockPassword = useSession((s) => s.lockPassword);
  const unlock = useSession((s) => s.unlock);
  const navigate = useNavigate();
  const name = user?.nick_name || user?.account || '';

  const submit = async ({ password }: UnlockForm) => {
    if (!(await verifyLockPassword(password, lockPassword))) {
      message.error(t('lock.wrongPassword'));
      return;
    }
    // The guard of /lock then returns to the page that was locked.
    unlock();
  };

  const logout = async () => {
    await signOut().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <div className="centered-page" data-testid="lock-page">
      <Card className="lock-card">
        <Space orientation="vertical" align="center" size={12} style={{ width: '100%' }}>
          {/* Decorative: the name is written under it. */}
          <Avatar size={72} src={user?.avatar || undefined} alt="">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">
            <LockOutlined /> {t('lock.locked')}
          </Typography.Text>
        </Space>
        <Form<UnlockForm> layout="vertical" onFinish={submit} style={{ marginTop: 24 }}>
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]} validateTrigger="onBlur">
            <Input.Password autoFocus placeholder={t('lock.password')} aria-label={t('lock.password')} data-testid="unlock-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />} data-testid="unlock-submit">
            {t('lock.unlock')}
          </Button>
          <Button type="link" block onClick={logout} style={{ marginTop: 8 }}>
            {t('logout.action')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
