import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageFrame } from './PageFrame';

/** /query/{params}: shows the value passed in the path (and the query, like every general page). */
export function QueryPage() {
  const { t } = useTranslation('general');
  const { pathname } = useLocation();
  const value = decodeURIComponent(pathname.split('/')[2] ?? '');
  return (
    <PageFrame title={t('query.title')} testId="general-query">
      <Typography.Text>
        {t('query.value')} <strong data-testid="query-value">{value}</strong>
      </Typography.Text>
    </PageFrame>
  );
}
