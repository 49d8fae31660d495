import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_TENANT, fetchSocialProviders, type SocialProvider, signIn, startSocialSignIn } from '../../api/session';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { safeRedirect } from '../guards';
import './login.css';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [form] = Form.useForm<LoginForm>();

  useEffect(() => {
    // Social sign-in is optional: without providers (or an answer) the page is the same.
    fetchSocialProviders()
      .then(setProviders)
      .catch(() => setProviders([]));
  }, []);

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
    <div className="login-page">
      <div className="login-language">
        <LanguageSwitch variant="default" />
      </div>
      <main className="login-card" aria-labelledby="login-title">
        <div className="login-brand">
          <img src="/logo.svg" alt="" width={44} height={44} />
          <div>
            <h1 id="login-title">{t('shell:title')}</h1>
            <p>{t('subtitle')}</p>
          </div>
        </div>
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
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
            {t('submit')}
          </Button>
          {providers.map((provider) => (
            <Button
              key={provider.source}
              block
              className="login-social"
              data-testid={`login-social-${provider.source}`}
              onClick={() => startSocialSignIn(provider, (form.getFieldValue('tenantId') ?? DEFAULT_TENANT).trim())}
            >
              {t('socialWith', { source: provider.source })}
            </Button>
          ))}
        </Form>
      </main>
      <footer className="login-footer">{t('footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
