import type { DatabaseLinkTest } from '@macro/contract/databaselinks';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestDatabaseLink } from './api';

/** Tests a connection and says the answer: the server's version, or why not in the reader's language. */
export function TestLinkButton({ input, testId, label }: { input: () => DatabaseLinkTest; testId: string; label?: string }) {
  const { t } = useTranslation('databaselinks');
  const { message } = App.useApp();
  const test = useTestDatabaseLink();
  const run = async () => {
    const result = await test.mutateAsync({ body: input() });
    if (result.ok) message.success({ content: t('test.ok', { version: result.version, millis: result.millis }), key: testId });
    else message.error({ content: t('test.failed', { reason: result.reason }), key: testId, duration: 6 });
  };
  return (
    <Button loading={test.isPending} onClick={() => void run().catch(() => undefined)} data-testid={testId}>
      {label ?? t('test.action')}
    </Button>
  );
}
