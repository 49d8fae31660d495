import { Typography } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from './PageFrame';

const RecordEditPage = lazy(() => import('../forms/public').then((m) => ({ default: m.RecordEditPage })));

/**
 * /detail/create: titled "edit" when an id is passed, "create" otherwise. With a
 * form (`F_FormId`) it adds a record of that form, or changes the record `id`.
 */
export function DetailPage() {
  const { t } = useTranslation('general');
  const [params] = useSearchParams();
  const id = params.get('id');
  const formId = Number(params.get('F_FormId'));
  if (Number.isSafeInteger(formId) && formId > 0) return <RecordEditPage key={`${formId}-${id}`} schemeId={formId} recordKey={id ?? undefined} />;
  return (
    <PageFrame title={t(id ? 'detail.edit' : 'detail.create')} testId="general-detail">
      <Typography.Paragraph>{id ? t('detail.editing', { id }) : t('detail.creating')}</Typography.Paragraph>
    </PageFrame>
  );
}
