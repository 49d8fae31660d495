import { CONSUMER_STATUS, type Consumer, consumerSubmit } from '@macro/contract/consumers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useConsumerDetail, useSubmitConsumer } from './api';

export interface ConsumerDialogState {
  mode: FormMode;
  record?: Consumer;
}

interface ConsumerFormValues {
  account: string;
  name: string;
  mobile: string;
  email: string;
  status: number;
  remark: string;
}

const EMPTY: ConsumerFormValues = { account: '', name: '', mobile: '', email: '', status: CONSUMER_STATUS.enabled, remark: '' };
const valuesOf = (consumer?: Consumer): ConsumerFormValues =>
  consumer
    ? { account: consumer.account, name: consumer.name, mobile: consumer.mobile, email: consumer.email, status: consumer.status, remark: consumer.remark }
    : EMPTY;
const trim = (value: string | undefined) => value?.trim() ?? '';

/** Create, edit or view a consumer user; the rules are the contract's (mobile and e-mail). */
export function ConsumerDialog({ state: current, onClose }: { state: ConsumerDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('consumers');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitConsumer();
  const detail = useConsumerDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'account', label: t('field.account'), placeholder: t('form.accountPlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'mobile', label: t('field.mobile'), placeholder: t('form.mobilePlaceholder') },
    { name: 'email', label: t('field.email'), placeholder: t('form.emailPlaceholder') },
    { name: 'status', label: t('field.status'), optionLabel: (v) => t(`status.${v}`) },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const save = (values: ConsumerFormValues) =>
    submit.mutateAsync({
      body: {
        ...(record ? { id: record.id } : {}),
        account: trim(values.account),
        name: trim(values.name),
        mobile: trim(values.mobile),
        email: trim(values.email),
        status: values.status as 0 | 1,
        remark: trim(values.remark),
      },
    });
  return (
    <SchemaDialog<ConsumerFormValues>
      name="consumer"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={consumerSubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
