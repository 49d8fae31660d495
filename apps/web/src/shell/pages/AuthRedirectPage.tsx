import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSocialSignIn, socialReturnOf } from '../../api/session';
import { safeRedirect } from '../guards';
import { isMacDevice, loginPageClass } from './device';
import './login.css';

/**
 * Spec §2 /authredirect: where a social-login provider sends the browser back. It checks the
 * `state` this tab sent, exchanges the code through the token endpoint and lands where the
 * sign-in page was asked to go; anything wrong is said on the page, with the way back.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const started = useRef(false);
  const [mac] = useState(() => isMacDevice());

  useEffect(() => {
    // Once only: a code is good for one exchange (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    completeSocialSignIn(socialReturnOf(params))
      .then((redirect) => navigate(safeRedirect(redirect), { replace: true }))
      .catch((failure: Error) => setError(failure.message || t('socialFailedTitle')));
  }, [params, navigate, t]);

  return (
    <div className={loginPageClass(mac)} data-variant={mac ? 'mac' : 'default'}>
      <main className="login-card" aria-busy={!error} aria-live="polite" data-testid="auth-redirect">
        {error ? (
          <Result
            status="warning"
            title={<h1 className="auth-redirect-title">{t('socialFailedTitle')}</h1>}
            subTitle={<span data-testid="auth-redirect-error">{error}</span>}
            extra={
              <Button type="primary" onClick={() => navigate('/login', { replace: true })} data-testid="auth-redirect-back">
                {t('backToLogin')}
              </Button>
            }
          />
        ) : (
          <Spin description={t('socialRedirecting')} size="large">
            <div style={{ minHeight: 120 }} />
          </Spin>
        )}
      </main>
    </div>
  );
}
