import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../registry';
import './pages.css';

export type ErrorStatus = '403' | '404' | '500';

export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <div className="error-page" data-testid={`error-${status}`}>
      <Result
        status={status}
        title={status}
        subTitle={t(`page.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
            {t('backHome')}
          </Button>
        }
      />
    </div>
  );
}

export function ForbiddenPage() {
  return <ErrorPage status="403" />;
}

export function NotFoundPage() {
  return <ErrorPage status="404" />;
}

export function ServerErrorPage() {
  return <ErrorPage status="500" />;
}
