import { NOTICE_CATEGORY, NOTICE_ENDPOINTS as E, NOTICE_STATUS, type Notice, noticeInput } from '@macro/contract/notices';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { UserPicker } from '../../components/UserPicker';
import { useSaveNotice } from './api';

export interface NoticeDialogState {
  mode: FormMode;
  record?: Notice;
}

interface NoticeFormValues {
  category?: number;
  title: string;
  content: string;
  recipientId?: number | null;
  publish: boolean;
}

const valuesOf = (notice?: Notice): NoticeFormValues =>
  notice
    ? {
        category: notice.category,
        title: notice.title,
        content: notice.content,
        recipientId: notice.recipientId,
        publish: notice.status === NOTICE_STATUS.published,
      }
    : { category: NOTICE_CATEGORY.notice, title: '', content: '', recipientId: null, publish: true };

/** Write, edit or view a notice: its tab, title, content, and who gets it (everyone, or one user). */
export function NoticeDialog({ state: current, onClose }: { state: NoticeDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useSaveNotice(E.create);
  const update = useSaveNotice(E.update);
  if (!state) return null;
  const published = record?.status === NOTICE_STATUS.published;
  const fields: SchemaField[] = [
    { name: 'category', label: t('field.category'), optionLabel: (v) => t(`category.${v}`) },
    {
      name: 'recipientId',
      label: t('field.recipient'),
      validate: false,
      render: (w) => (
        <UserPicker
          disabled={w.disabled}
          placeholder={t('form.recipientPlaceholder')}
          testId={w.testId}
          known={record?.recipientId ? [{ id: record.recipientId, name: record.recipientName }] : []}
        />
      ),
    },
    { name: 'title', label: t('field.title'), placeholder: t('form.titlePlaceholder'), span: 24 },
    { name: 'content', label: t('field.content'), placeholder: t('form.contentPlaceholder'), span: 24, kind: 'textarea' },
    { name: 'publish', label: t('field.publish'), disabled: published },
  ];
  const save = (values: NoticeFormValues) => {
    const body = {
      category: values.category as 1 | 2 | 3,
      title: values.title.trim(),
      content: values.content.trim(),
      recipientId: values.recipientId ?? null,
      publish: values.publish === true,
    };
    if (!record) return create.mutateAsync({ body });
    return update.mutateAsync({ params: { id: String(record.id) }, body });
  };
  return (
    <SchemaDialog<NoticeFormValues>
      name="notice"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={noticeInput}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
    />
  );
}
