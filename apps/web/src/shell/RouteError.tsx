import { useTranslation } from 'react-i18next';
import { ChunkTimeoutError } from './chunkTimeout';

/** Last resort when a route fails to render or its chunk cannot load (e.g. after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const timedOut = error instanceof ChunkTimeoutError;
  const detail = timedOut ? '' : error instanceof Error ? error.message : String(error);
  return (
    <div className="route-error" role="alert">
      <h1>{t(timedOut ? 'chunkTimeout' : 'crashTitle')}</h1>
      {timedOut ? null : <p>{t('crashHint')}</p>}
      {detail ? <pre>{detail}</pre> : null}
      <button type="button" onClick={() => window.location.reload()}>
        {t(timedOut ? 'retry' : 'reload')}
      </button>
    </div>
  );
}

export function PageLoading() {
  return <div className="page-loading" aria-busy="true" />;
}
