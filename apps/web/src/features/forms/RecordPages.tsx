import type { FormDocument, FormInstance } from '@macro/contract/forms';
import { App, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type FormData, FormView, type FormViewHandle } from '../../components/forms/FormView';
import { useFormInfo, useFormRecord, useSaveRecord } from './api';

/*
 * A form's record on a page of its own: /detail/create?F_FormId=…[&id=…] adds a record
 * or changes one, /form-detail/index?F_FormId=…&primaryKey=… shows one. Other screens link here
 * (a list page's rows, a message, a bookmark), so everything the page needs is in its address.
 */

/** Where a record is shown, and where it is changed. */
export const recordLinks = {
  detail: (schemeId: number, key: string) => `/form-detail/index?F_FormId=${schemeId}&primaryKey=${key}`,
  edit: (schemeId: number, key?: string) => `/detail/create?F_FormId=${schemeId}${key ? `&id=${key}` : ''}`,
};

/** The form and (when a key is given) the record, or what went wrong loading them. */
function useLoaded(
  schemeId: number,
  key: string | undefined,
): { document?: FormDocument; name?: string; enabled?: boolean; record?: FormInstance | null; problem?: ReactNode } {
  const { t } = useTranslation('forms');
  const info = useFormInfo(schemeId);
  const record = useFormRecord(schemeId, key);
  const failed = info.error ?? record.error;
  if (failed) return { problem: <Result status="warning" title={failed.message} data-testid="record-problem" /> };
  if (info.isLoading || (key !== undefined && record.isLoading)) return { problem: <Skeleton active /> };
  if (key !== undefined && !record.data) return { problem: <Result status="404" title={t('records.missing')} data-testid="record-problem" /> };
  return { document: info.data?.document, name: info.data?.name, enabled: info.data?.enabled, record: record.data };
}

/** /detail/create with a form: a new record of it, or (with `id`) a change to one; saving shows the saved record. */
export function RecordEditPage({ schemeId, recordKey }: { schemeId: number; recordKey?: string }) {
  const { t } = useTranslation('forms');
  const loaded = useLoaded(schemeId, recordKey);
  return (
    <Card title={<h2 className="general-title">{loaded.name ?? t('records.add')}</h2>} data-testid="record-page">
      {loaded.problem ??
        (loaded.document && loaded.enabled === false && !recordKey ? (
          <Result status="warning" title={t('records.disabled')} data-testid="record-problem" />
        ) : loaded.document ? (
          <RecordEditor schemeId={schemeId} recordKey={recordKey} document={loaded.document} initial={loaded.record?.data ?? {}} />
        ) : null)}
    </Card>
  );
}

function RecordEditor({ schemeId, recordKey, document, initial }: { schemeId: number; recordKey?: string; document: FormDocument; initial: FormData }) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [data, setData] = useState<FormData>(initial);
  const view = useRef<FormViewHandle>(null);
  const { save, pending } = useSaveRecord();
  const submit = async () => {
    if (!view.current?.validateForm()) return;
    const saved = await save(schemeId, recordKey, data);
    message.success(t('records.saved'));
    navigate(recordLinks.detail(schemeId, saved.primaryKey));
  };
  return (
    <>
      <FormView document={document} value={data} onChange={setData} formRef={view} testId="record-form" choices={{ schemeId }} />
      <Space>
        <Button type="primary" loading={pending} onClick={() => void submit().catch(() => undefined)} data-testid="record-save">
          {t('common:save')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('common:cancel')}</Button>
      </Space>
    </>
  );
}

/** /form-detail/index with a form and a record: the record as filled in, who filled it in and when, and a way to change it. */
export function RecordDetailPage({ schemeId, recordKey }: { schemeId: number; recordKey: string }) {
  const { t } = useTranslation('forms');
  const loaded = useLoaded(schemeId, recordKey);
  const record = loaded.record;
  return (
    <Card
      title={<h2 className="general-title">{loaded.name ?? t('records.title', { name: '' })}</h2>}
      extra={
        record ? (
          <Link to={recordLinks.edit(schemeId, recordKey)} data-testid="record-edit">
            {t('common:edit')}
          </Link>
        ) : null
      }
      data-testid="record-page"
    >
      {loaded.problem ??
        (loaded.document && record ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'by', label: t('records.by'), children: record.createUserName },
                { key: 'at', label: t('records.at'), children: new Date(record.updateTime).toLocaleString() },
                { key: 'version', label: t('field.version'), children: record.version },
              ]}
            />
            <FormView document={loaded.document} value={record.data} readOnly testId="record-form" choices={{ schemeId }} />
          </Space>
        ) : null)}
    </Card>
  );
}
