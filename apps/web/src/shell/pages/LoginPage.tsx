import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_TENANT,
  fetchSocialProviders,
  type SocialProvider,
  signIn,
  signInWithPlatformToken,
  startSocialSignIn,
} from '../../api/session';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useSession } from '../../session/store';
import { safeRedirect } from '../guards';
import { isMacDevice, loginPageClass } from './device';
import './login.css';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const expired = useSession((s) => s.expired);
  const [pending, setPending] = useState(false);
  const handoff = useRef(params.get('token'));
  const [tokenLogin, setTokenLogin] = useState(Boolean(handoff.current));
  const [error, setError] = useState('');
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [form] = Form.useForm<LoginForm>();
  const [mac] = useState(() => isMacDevice());

  useEffect(() => {
    // Social sign-in is optional: without providers (or an answer) the page is the same.
    fetchSocialProviders()
      .then(setProviders)
      .catch(() => setProviders([]));
  }, []);

  useEffect(() => {
    // Token login from a host shell: the token leaves the address at once; on failure the
    // loading screen just closes (spec 000 §7) and the form is there.
    const token = handoff.current;
    if (!token) return;
    handoff.current = null;
    setParams(
      (current) => {
        current.delete('token');
        return current;
      },
      { replace: true },
    );
    signInWithPlatformToken(token)
      .then(() => navigate(safeRedirect(params.get('redirect')), { replace: true }))
      .catch(() => setTokenLogin(false));
  }, [navigate, params, setParams]);

  const submit = async (values: LoginForm) => {
    setPending(true);
    setError('');
    try {
      await signIn({ tenantId: values.tenantId.trim(), username: values.username.trim(), password: values.password });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (failure) {
      // The server's sys_msg (e.g. wrong password, locked account) shows as it is.
      setError((failure as Error).message);
      setPending(false);
    }
  };

  return (
    <div className={loginPageClass(mac)} data-variant={mac ? 'mac' : 'default'} data-testid="login-page">
      <div className="login-language">
        <LanguageSwitch variant="default" />
      </div>
      <main className="login-card" aria-labelledby="login-title" aria-busy={tokenLogin}>
        <Spin spinning={tokenLogin} tip={t('tokenSigningIn')}>
        {mac ? (
          // The Mac variant: a lock-screen look, the mark large and centred above the form.
          <div className="login-brand login-brand-mac">
            <img src="/logo.svg" alt="" width={72} height={72} />
            <h1 id="login-title">{t('shell:title')}</h1>
            <p>{t('macHint')}</p>
          </div>
        ) : (
          <div className="login-brand">
            <img src="/logo.svg" alt="" width={44} height={44} />
            <div>
              <h1 id="login-title">{t('shell:title')}</h1>
              <p>{t('subtitle')}</p>
            </div>
          </div>
        )}
        <Form<LoginForm>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ tenantId: DEFAULT_TENANT }}
          onFinish={submit}
          onValuesChange={() => setError('')}
          data-testid="login-form"
        >
          <Form.Item
            name="tenantId"
            label={t('tenant')}
            rules={[{ required: true, whitespace: true, message: t('messages:auth.tenantRequired') }]}
          >
            <Input prefix={<ApartmentOutlined />} autoComplete="organization" data-testid="login-tenant" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('account')}
            rules={[{ required: true, whitespace: true, message: t('messages:auth.accountRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('accountPlaceholder')}
              autoComplete="username"
              autoFocus
              data-testid="login-account"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[{ required: true, message: t('messages:auth.passwordRequired') }]}
          >
            <Password
              prefix={<LockOutlined />}
              placeholder={t('passwordPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} className="login-error" data-testid="login-error" /> : null}
          {expired && !error ? (
            <Alert type="warning" showIcon title={t('sessionExpired')} className="login-error" role="status" data-testid="login-expired" />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
            {t('submit')}
          </Button>
          {providers.map((provider) => (
            <Button
              key={provider.source}
              block
              className="login-social"
              data-testid={`login-social-${provider.source}`}
              onClick={() =>
                startSocialSignIn(provider, (form.getFieldValue('tenantId') ?? DEFAULT_TENANT).trim(), params.get('redirect') ?? '')
              }
            >
              {t('socialWith', { source: t(`socialSources.${provider.source}`, { defaultValue: provider.source }) })}
            </Button>
          ))}
        </Form>
        </Spin>
      </main>
      <footer className="login-footer">{t('footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
