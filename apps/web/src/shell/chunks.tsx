import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningBlock } from '../components/WarningBlock';
import { CHUNK_TIMEOUT_MS } from './chunkTimeout';

/** What a failed page load shows: the reason and a retry, which loads the console again. */
export function ChunkFailure() {
  const { t } = useTranslation('errors');
  return (
    <WarningBlock
      title={t('chunkTimeout')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-retry">
          {t('retry')}
        </Button>
      }
      testId="chunk-timeout"
    />
  );
}

/** Suspense fallback of a page: a spinner, then after CHUNK_TIMEOUT_MS the failure with its retry. */
export function PageFallback({ timeout = CHUNK_TIMEOUT_MS }: { timeout?: number }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), timeout);
    return () => window.clearTimeout(timer);
  }, [timeout]);
  return late ? <ChunkFailure /> : <Spin className="page-spin" />;
}
