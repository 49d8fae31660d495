import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort when a route fails to render or its chunk cannot load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : (error as Error)?.message;
  return (
    <div className="route-error" role="alert">
      <h1>{t('crashTitle')}</h1>
      <p>{t('crashHint')}</p>
      {detail ? <pre>{detail}</pre> : null}
      <button type="button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}

export function PageLoading() {
  return <div className="page-loading" aria-busy="true" />;
}
