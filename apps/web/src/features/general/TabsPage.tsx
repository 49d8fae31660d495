import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from './PageFrame';

/**
 * /tabs/index: opens pages as tabs. Tabs are told apart by their full address, so the same page
 * with another query is another tab; this page is kept alive, so its counter survives a visit elsewhere.
 */
export function TabsPage() {
  const { t } = useTranslation('general');
  const [count, setCount] = useState(0);
  return (
    <PageFrame title={t('tabs.title')} testId="general-tabs">
      <Typography.Paragraph>{t('tabs.hint')}</Typography.Paragraph>
      <Space wrap>
        <Link to="/query/alpha">{t('tabs.openQuery', { value: 'alpha' })}</Link>
        <Link to="/query/beta?from=tabs">{t('tabs.openQuery', { value: 'beta' })}</Link>
        <Link to="/detail/create">{t('detail.create')}</Link>
        <Link to="/detail/create?id=7">{t('detail.edit')}</Link>
      </Space>
      <Space style={{ marginTop: 16, display: 'flex' }}>
        <Typography.Text>
          {t('tabs.counter')} <strong data-testid="tabs-counter">{count}</strong>
        </Typography.Text>
        <Button onClick={() => setCount((c) => c + 1)} data-testid="tabs-counter-add">
          +1
        </Button>
      </Space>
    </PageFrame>
  );
}
