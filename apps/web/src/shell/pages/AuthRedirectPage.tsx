import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSocialSignIn } from '../../api/session';
import { HOME_PATH } from '../registry';
import './login.css';

/** Spec §2 /authredirect: where a social-login provider sends the browser back with its code. */
export function AuthRedirectPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    // Once only: a code is good for one exchange (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    completeSocialSignIn(params.get('code') ?? '', params.get('state') ?? '')
      .then(() => navigate(HOME_PATH, { replace: true }))
      .catch((failure: Error) => setError(failure.message));
  }, [params, navigate]);

  return (
    <div className="login-page">
      <main className="login-card" aria-busy={!error} data-testid="auth-redirect">
        {error ? (
          <>
            <Alert type="error" showIcon title={error} data-testid="auth-redirect-error" />
            <Button type="link" onClick={() => navigate('/login', { replace: true })}>
              {t('backToLogin')}
            </Button>
          </>
        ) : (
          <Spin tip={t('socialRedirecting')}>
            <div style={{ minHeight: 80 }} />
          </Spin>
        )}
      </main>
    </div>
  );
}
