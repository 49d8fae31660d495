import { type Post, postSubmit } from '@macro/contract/posts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { usePostDetail, useSubmitPost } from './api';

export interface PostDialogState {
  mode: FormMode;
  record?: Post;
}

interface PostFormValues {
  postCode: string;
  postName: string;
  sort?: number;
  remark: string;
}

const EMPTY: PostFormValues = { postCode: '', postName: '', sort: 1, remark: '' };
const valuesOf = (post?: Post): PostFormValues => (post ? { postCode: post.postCode, postName: post.postName, sort: post.sort, remark: post.remark } : EMPTY);

/** Create, edit or view a post. */
export function PostDialog({ state: current, onClose }: { state: PostDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitPost();
  const detail = usePostDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'postCode', label: t('field.postCode'), placeholder: t('form.codePlaceholder') },
    { name: 'postName', label: t('field.postName'), placeholder: t('form.namePlaceholder') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: PostFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        postCode: values.postCode.trim(),
        postName: values.postName.trim(),
        sort: values.sort ?? 1,
        remark: values.remark?.trim() ?? '',
      },
    });
  return (
    <SchemaDialog<PostFormValues>
      name="post"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={postSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
