import { LOG_ENDPOINTS as E, type FeedbackRecord } from '@macro/contract/logs';
import { Image, Modal, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useFeedbackImage } from './api';

interface FeedbackSearch extends Record<string, string | undefined> {
  account?: string;
  keyword?: string;
}

function Screenshot({ id }: { id: number }) {
  const { t } = useTranslation('logs');
  const image = useFeedbackImage(id);
  if (!image.data) return <Spin />;
  return <Image src={image.data.image} alt={t('feedback.imageAlt')} style={{ width: '100%' }} data-testid="feedback-page-image" />;
}

/** What users sent from the feedback dialog, for administrators. */
export function FeedbackPage() {
  const { t } = useTranslation('logs');
  const list = useCrudList<typeof E.feedbackPage, FeedbackSearch>(E.feedbackPage);
  const [shown, setShown] = useState<FeedbackRecord | null>(null);
  const search: SearchField[] = [
    { name: 'account', label: t('field.account') },
    { name: 'keyword', label: t('field.text') },
  ];
  const columns: ColumnsType<FeedbackRecord> = [
    { dataIndex: 'time', title: t('field.time'), width: 180, render: (value: string) => new Date(value).toLocaleString() },
    { dataIndex: 'account', title: t('field.account'), width: 120, ellipsis: true },
    { dataIndex: 'text', title: t('field.text'), ellipsis: true },
    { dataIndex: 'url', title: t('field.url'), width: 200, ellipsis: true },
  ];
  const rowActions: RowAction<FeedbackRecord>[] = [{ key: 'view', label: t('page.view'), onClick: (row) => setShown(row) }];
  return (
    <div data-testid="feedback-page">
      <CrudList<FeedbackRecord, FeedbackSearch>
        testId="feedback"
        title={t('page.feedbackTitle')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.text}
        rowActions={rowActions}
        scrollX={800}
      />
      <Modal open={shown !== null} title={t('page.feedbackTitle')} footer={null} width={880} onCancel={() => setShown(null)} destroyOnHidden>
        {shown ? (
          <>
            <p style={{ whiteSpace: 'pre-wrap' }}>{shown.text}</p>
            {shown.imageFileId !== null ? <Screenshot id={shown.id} /> : <p>{t('feedback.noImage')}</p>}
          </>
        ) : null}
      </Modal>
    </div>
  );
}
