import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from './PageFrame';

/** /detail/create: titled "edit" when an id is passed, "create" otherwise (spec 000 §2). */
export function DetailPage() {
  const { t } = useTranslation('general');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageFrame title={t(id ? 'detail.edit' : 'detail.create')} testId="general-detail">
      <Typography.Paragraph>{id ? t('detail.editing', { id }) : t('detail.creating')}</Typography.Paragraph>
    </PageFrame>
  );
}
