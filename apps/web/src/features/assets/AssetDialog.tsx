import { type Asset, assetFields } from '@macro/contract/assets';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { DateTimeInput } from '../../components/DateTimeInput';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { UserPicker } from '../../components/UserPicker';
import { useSaveAsset } from './api';

export interface AssetDialogState {
  mode: FormMode;
  record?: Asset;
}

interface AssetFormValues {
  assetCode: string;
  assetName: string;
  category: string;
  model: string;
  quantity: number;
  unitPrice: number;
  purchaseDate: string;
  deptId: number | null;
  custodianId: number | null;
  location: string;
  remark: string;
}

const valuesOf = (row?: Asset): AssetFormValues => ({
  assetCode: row?.assetCode ?? '',
  assetName: row?.assetName ?? '',
  category: row?.category ?? '',
  model: row?.model ?? '',
  quantity: row?.quantity ?? 1,
  unitPrice: row?.unitPrice ?? 0,
  purchaseDate: row?.purchaseDate ?? '',
  deptId: row?.deptId ?? null,
  custodianId: row?.custodianId ?? null,
  location: row?.location ?? '',
  remark: row?.remark ?? '',
});

/** Create, change or view an asset; saving keeps it a draft (submitting is its own step). */
export function AssetDialog({ state: current, onClose }: { state: AssetDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const save = useSaveAsset();
  if (!state) return null;
  const known = record?.custodianId ? [{ id: record.custodianId, name: record.custodianName }] : [];
  const fields: SchemaField[] = [
    { name: 'assetCode', label: t('field.assetCode'), placeholder: t('form.codePlaceholder') },
    { name: 'assetName', label: t('field.assetName'), placeholder: t('form.namePlaceholder') },
    { name: 'category', label: t('field.category'), placeholder: t('form.categoryPlaceholder') },
    { name: 'model', label: t('field.model'), placeholder: t('form.modelPlaceholder') },
    { name: 'quantity', label: t('field.quantity') },
    { name: 'unitPrice', label: t('field.unitPrice') },
    {
      name: 'purchaseDate',
      label: t('field.purchaseDate'),
      render: (w) => <DateTimeInput dateOnly disabled={w.disabled} placeholder={t('form.datePlaceholder')} testId={w.testId} />,
    },
    {
      name: 'deptId',
      label: t('field.dept'),
      render: (w) => <DeptTreeSelect disabled={w.disabled} placeholder={t('form.deptPlaceholder')} testId={w.testId} />,
    },
    {
      name: 'custodianId',
      label: t('field.custodian'),
      render: (w) => <UserPicker disabled={w.disabled} placeholder={t('form.custodianPlaceholder')} testId={w.testId} known={known} />,
    },
    { name: 'location', label: t('field.location'), placeholder: t('form.locationPlaceholder') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24, kind: 'textarea' },
  ];
  const submit = (values: AssetFormValues) => {
    const body = {
      ...(record ? { id: record.id } : {}),
      assetCode: values.assetCode.trim(),
      assetName: values.assetName.trim(),
      category: values.category?.trim() ?? '',
      model: values.model?.trim() ?? '',
      quantity: values.quantity,
      unitPrice: values.unitPrice,
      purchaseDate: values.purchaseDate ?? '',
      deptId: values.deptId ?? null,
      custodianId: values.custodianId ?? null,
      location: values.location?.trim() ?? '',
      remark: values.remark?.trim() ?? '',
    };
    return save.mutateAsync({ body });
  };
  return (
    <SchemaDialog<AssetFormValues>
      name="asset"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={assetFields}
      fields={fields}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      afterClose={() => save.reset()}
    />
  );
}
