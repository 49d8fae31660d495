import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** /wel/test: a page that says when it was drawn, so a refresh of the tab is visible. */
export function TestPage() {
  const { t } = useTranslation('general');
  const [renderedAt] = useState(() => dayjs().format('HH:mm:ss.SSS'));
  return (
    <PageFrame title={t('test.title')} testId="general-test">
      <Typography.Paragraph>{t('test.hint')}</Typography.Paragraph>
      <Typography.Text>
        {t('test.renderedAt')} <span data-testid="test-rendered-at">{renderedAt}</span>
      </Typography.Text>
    </PageFrame>
  );
}
