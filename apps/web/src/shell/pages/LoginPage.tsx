import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_TENANT, fetchSocialProviders, type SocialProvider, signIn, signInWithPlatformToken, startSocialSignIn } from '../../api/session';
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

type Field = keyof LoginForm;
const FIELDS: Field[] = ['tenantId', 'username', 'password'];
/** The sign-in fields' test ids, which are also their element ids. */
const FIELD_ID: Record<Field, string> = { tenantId: 'login-tenant', username: 'login-account', password: 'login-password' };

/** What is missing, field by field (the server checks again and says the same). */
function missing(values: LoginForm): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.tenantId.trim()) errors.tenantId = 'messages:auth.tenantRequired';
  if (!values.username.trim()) errors.username = 'messages:auth.accountRequired';
  if (!values.password) errors.password = 'messages:auth.passwordRequired';
  return errors;
}

/**
 * A labelled field with its message under it. The sign-in page is the console's first download,
 * so it holds three fields with plain state rather than antd's Form (its store and validator are
 * a tenth of the page's JavaScript); it looks the same as every other form.
 */
function LoginField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`login-field${error ? ' login-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="login-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
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
  const [values, setValues] = useState<LoginForm>({ tenantId: DEFAULT_TENANT, username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [mac] = useState(() => isMacDevice());

  useEffect(() => {
    // Social sign-in is optional: without providers (or an answer) the page is the same.
    fetchSocialProviders()
      .then(setProviders)
      .catch(() => setProviders([]));
  }, []);

  useEffect(() => {
    // Token login from a host shell: the token leaves the address at once; on failure the
    // loading screen just closes and the form is there.
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

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setError('');
  };

  /** Props every field's input shares: its value, its id, and its message wired for readers. */
  const bind = (field: Field) => ({
    id: FIELD_ID[field],
    'data-testid': FIELD_ID[field],
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${FIELD_ID[field]}-error` : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = missing(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(FIELD_ID[first])?.focus();
      return;
    }
    void submit();
  };

  const submit = async () => {
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
        <Spin spinning={tokenLogin} description={t('tokenSigningIn')}>
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
          <form className="login-form" noValidate onSubmit={onSubmit} data-testid="login-form">
            <LoginField id={FIELD_ID.tenantId} label={t('tenant')} error={errors.tenantId && t(errors.tenantId)}>
              <Input size="large" prefix={<ApartmentOutlined />} autoComplete="organization" {...bind('tenantId')} />
            </LoginField>
            <LoginField id={FIELD_ID.username} label={t('account')} error={errors.username && t(errors.username)}>
              <Input size="large" prefix={<UserOutlined />} placeholder={t('accountPlaceholder')} autoComplete="username" autoFocus {...bind('username')} />
            </LoginField>
            <LoginField id={FIELD_ID.password} label={t('password')} error={errors.password && t(errors.password)}>
              <Password size="large" prefix={<LockOutlined />} placeholder={t('passwordPlaceholder')} autoComplete="current-password" {...bind('password')} />
            </LoginField>
            {error ? <Alert type="error" showIcon title={error} className="login-error" data-testid="login-error" /> : null}
            {expired && !error ? (
              <Alert type="warning" showIcon title={t('sessionExpired')} className="login-error" role="status" data-testid="login-expired" />
            ) : null}
            <Button type="primary" size="large" htmlType="submit" block loading={pending} data-testid="login-submit">
              {t('submit')}
            </Button>
            {providers.map((provider) => (
              <Button
                key={provider.source}
                block
                size="large"
                className="login-social"
                data-testid={`login-social-${provider.source}`}
                onClick={() => startSocialSignIn(provider, values.tenantId.trim() || DEFAULT_TENANT, params.get('redirect') ?? '')}
              >
                {t('socialWith', { source: t(`socialSources.${provider.source}`, { defaultValue: provider.source }) })}
              </Button>
            ))}
          </form>
        </Spin>
      </main>
      <footer className="login-footer">{t('footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
