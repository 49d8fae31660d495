import { type Delegate, delegateBody } from '@macro/contract/delegates';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { UserPicker } from '../../components/UserPicker';
import { useCreateDelegate, useUpdateDelegate } from './api';
import { DateTimeInput } from '../../components/DateTimeInput';

export interface DelegateDialogState {
  mode: FormMode;
  record?: Delegate;
}

interface DelegateFormValues {
  startTime?: string;
  endTime?: string;
  entrustedUserId?: number;
  processKeys: string[];
  description: string;
}

const valuesOf = (delegate?: Delegate): DelegateFormValues =>
  delegate
    ? {
        startTime: delegate.startTime,
        endTime: delegate.endTime,
        entrustedUserId: delegate.entrustedUserId,
        processKeys: delegate.processKeys,
        description: delegate.description,
      }
    : { processKeys: [], description: '' };

/** Create, edit or view a delegation: from when to when, to whom, for which processes (none: all). */
export function DelegateDialog({ state: current, onClose }: { state: DelegateDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('delegates');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateDelegate();
  const update = useUpdateDelegate();
  if (!state) return null;
  const known = record ? [{ id: record.entrustedUserId, name: record.entrustedName }] : [];
  const fields: SchemaField[] = [
    {
      name: 'startTime',
      label: t('field.startTime'),
      render: (w) => <DateTimeInput disabled={w.disabled} placeholder={t('form.startPlaceholder')} testId={w.testId} />,
    },
    {
      name: 'endTime',
      label: t('field.endTime'),
      render: (w) => <DateTimeInput disabled={w.disabled} placeholder={t('form.endPlaceholder')} testId={w.testId} />,
    },
    {
      name: 'entrustedUserId',
      label: t('field.entrusted'),
      render: (w) => <UserPicker disabled={w.disabled} placeholder={t('form.entrustedPlaceholder')} testId={w.testId} known={known} />,
    },
    {
      name: 'processKeys',
      label: t('field.processes'),
      // Optional (none means every process); the server checks each key.
      validate: false,
      render: (w) => (
        <Select
          mode="tags"
          disabled={w.disabled}
          placeholder={t('form.processesPlaceholder')}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          data-testid={w.testId}
        />
      ),
    },
    { name: 'description', label: t('field.description'), placeholder: t('form.descriptionPlaceholder'), span: 24 },
  ];
  const save = (values: DelegateFormValues) => {
    const body = {
      startTime: values.startTime ?? '',
      endTime: values.endTime ?? '',
      entrustedUserId: values.entrustedUserId as number,
      processKeys: values.processKeys ?? [],
      description: values.description?.trim() ?? '',
    };
    return record ? update.mutateAsync({ params: { id: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<DelegateFormValues>
      name="delegate"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={delegateBody}
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
