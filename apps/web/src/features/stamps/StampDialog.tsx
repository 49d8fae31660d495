import { STAMP_CATEGORY, type Stamp, stampCreate, stampPasswordText, stampUpdate } from '@macro/contract/stamps';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { encryptPasswords } from '../../api/session';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { UserPicker } from '../../components/UserPicker';
import { useCreateStamp, useUpdateStamp } from './api';
import { StampImageInput } from './StampImageInput';

export interface StampDialogState {
  mode: FormMode;
  record?: Stamp;
}

interface StampFormValues {
  stampName: string;
  category?: number;
  password?: string;
  image?: string;
  sort?: number;
  maintainerIds: number[];
  memberIds: number[];
  remark: string;
}

/** The form checks the password as typed; the bodies carry it encrypted, as sign-in does. */
const CREATE_FORM = stampCreate.extend({ password: stampPasswordText });
const UPDATE_FORM = stampUpdate.extend({ password: stampPasswordText.optional() });

const valuesOf = (stamp?: Stamp): StampFormValues =>
  stamp
    ? {
        stampName: stamp.stampName,
        category: stamp.category,
        sort: stamp.sort,
        maintainerIds: stamp.maintainerIds,
        memberIds: stamp.memberIds,
        remark: stamp.remark,
      }
    : { stampName: '', category: STAMP_CATEGORY.private, sort: 1, maintainerIds: [], memberIds: [], remark: '' };

/** Create, edit or view a stamp: name, category, password and image, who maintains it and who signs with it. */
export function StampDialog({ state: current, onClose }: { state: StampDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('stamps');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateStamp();
  const update = useUpdateStamp();
  if (!state) return null;
  const allFields: SchemaField[] = [
    { name: 'stampName', label: t('field.stampName'), placeholder: t('form.namePlaceholder') },
    { name: 'category', label: t('field.category'), optionLabel: (v) => t(`category.${v}`) },
    {
      name: 'password',
      label: t('field.password'),
      placeholder: t(record ? 'form.passwordKeep' : 'form.passwordPlaceholder'),
      render: (w) => <Input.Password placeholder={w.placeholder} autoComplete="new-password" disabled={w.disabled} data-testid={w.testId} />,
    },
    { name: 'sort', label: t('field.sort') },
    { name: 'image', label: t('field.image'), span: 24, render: (w) => <StampImageInput stampId={record?.id} disabled={w.disabled} testId={w.testId} /> },
    {
      name: 'maintainerIds',
      label: t('field.maintainers'),
      span: 24,
      validate: false,
      render: (w) => <UserPicker multiple disabled={w.disabled} placeholder={t('form.usersPlaceholder')} testId={w.testId} />,
    },
    {
      name: 'memberIds',
      label: t('field.members'),
      span: 24,
      validate: false,
      render: (w) => <UserPicker multiple disabled={w.disabled} placeholder={t('form.usersPlaceholder')} testId={w.testId} />,
    },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const fields = allFields.filter((field) => state.mode !== 'view' || field.name !== 'password');
  const save = async (values: StampFormValues) => {
    // A blank password on a change keeps the current one: nothing is sent.
    const password = values.password ? (await encryptPasswords({ password: values.password })).password : undefined;
    const common = {
      stampName: values.stampName.trim(),
      category: values.category as 1 | 2,
      sort: values.sort ?? 1,
      maintainerIds: values.maintainerIds ?? [],
      memberIds: values.memberIds ?? [],
      remark: values.remark?.trim() ?? '',
    };
    if (!record) return create.mutateAsync({ body: { ...common, password: password ?? '', image: values.image ?? '' } });
    return update.mutateAsync({
      params: { id: String(record.id) },
      body: { ...common, ...(password ? { password } : {}), ...(values.image ? { image: values.image } : {}) },
    });
  };
  return (
    <SchemaDialog<StampFormValues>
      name="stamp"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={record ? UPDATE_FORM : CREATE_FORM}
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
