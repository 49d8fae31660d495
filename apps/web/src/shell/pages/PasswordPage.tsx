import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Space, Typography } from 'antd';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword, fetchUserInfo, type PasswordChange, signOut } from '../../api/session';
import { useSession } from '../../session/store';
import { HOME_PATH } from '../registry';
import './pages.css';

/** Change of the signed-in user's own password; after a reset the console shows nothing else until it is done. */
export function PasswordPage() {
  return (
    <App className="app-root">
      <PasswordCard />
    </App>
  );
}

/** The form itself; /info/setting shows it inside the shell. */
export function PasswordCard({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  // Re-reads the session when the page opens, so an ended session (a suspended tenant, a disabled
  // account) returns to the sign-in page instead of offering a form that can no longer be sent.
  const setUserInfo = useSession((s) => s.setUserInfo);
  useEffect(() => {
    fetchUserInfo().then(setUserInfo, () => undefined);
  }, [setUserInfo]);
  const mustChange = useSession((s) => s.user?.must_change_password ?? false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const submit = async (values: PasswordChange) => {
    setPending(true);
    setError('');
    try {
      await changePassword(values);
      message.success(t('passwordChange.changed'));
      navigate(HOME_PATH, { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setPending(false);
    }
  };

  const leave = async () => {
    if (!mustChange) return navigate(-1);
    await signOut().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  const length = { min: 6, max: 32, message: t('messages:auth.passwordLength') };
  return (
    <div className={embedded ? 'password-embedded' : 'centered-page'} data-testid="password-page">
      <Card className="lock-card">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            <LockOutlined /> {t('passwordChange.title')}
          </Typography.Title>
          {mustChange ? <Alert type="warning" showIcon title={t('passwordChange.mustChange')} data-testid="password-must-change" /> : null}
          <Form<PasswordChange> layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={() => setError('')}>
            <Form.Item name="oldPassword" label={t('passwordChange.old')} rules={[{ required: true, message: t('messages:auth.oldPasswordRequired') }]}>
              <Password autoComplete="current-password" data-testid="password-old" />
            </Form.Item>
            <Form.Item name="newPassword" label={t('passwordChange.new')} rules={[{ required: true, message: t('messages:auth.newPasswordRequired') }, length]}>
              <Password autoComplete="new-password" data-testid="password-new" />
            </Form.Item>
            <Form.Item
              name="newPassword1"
              label={t('passwordChange.confirm')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('messages:auth.newPassword1Required') },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('messages:auth.passwordMismatch'))),
                }),
              ]}
            >
              <Password autoComplete="new-password" data-testid="password-confirm" />
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} data-testid="password-error" style={{ marginBottom: 16 }} /> : null}
            <Space>
              <Button type="primary" htmlType="submit" loading={pending} data-testid="password-submit">
                {t('passwordChange.submit')}
              </Button>
              <Button onClick={leave}>{mustChange ? t('logout.action') : t('passwordChange.cancel')}</Button>
            </Space>
          </Form>
        </Space>
      </Card>
    </div>
  );
}
