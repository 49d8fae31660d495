import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarningBlock } from './WarningBlock';

interface ReacquireProps {
  /** Why the data is missing (the request layer's message: error, time-out, network). */
  message: string;
  onRetry: () => void;
  /** Prefix of the test ids: `<testId>-error` on the block, `<testId>-retry` on the button. */
  testId: string;
  /** True while the retry is under way. */
  retrying?: boolean;
  className?: string;
}

/**
 * Spec 000 §2 "reacquire": what a page shows in place of data that failed to load — what went
 * wrong and a button that asks again, never "no data". The page stays where it is.
 */
export function Reacquire({ message, onRetry, testId, retrying = false, className }: ReacquireProps) {
  const { t } = useTranslation('common');
  return (
    <WarningBlock
      title={t('crud.loadFailed')}
      subTitle={<span role="alert">{message}</span>}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('crud.reacquire')}
        </Button>
      }
      className={className}
      testId={`${testId}-error`}
    />
  );
}
