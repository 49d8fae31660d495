import { type Company, companySubmit } from '@macro/contract/org';
import { UserNameInput } from '../../components/UserNameInput';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCompany, useCreateCompany, useUpdateCompany } from './api';
import { CompanyNatureSelect, ParentCompanyPicker } from './pickers';

export interface CompanyDialogState {
  mode: FormMode;
  /** The company to edit or view. */
  id?: number;
  /** Where a new company goes (the selected one). */
  parentId?: number;
}

type CompanyFormValues = Omit<Company, 'id' | 'parentName' | 'natureName' | 'hasChildren' | 'createTime' | 'updateTime'>;

const TEXT_FIELDS = [
  'companyName',
  'shortName',
  'companyCode',
  'natureKey',
  'manager',
  'foundedDate',
  'businessScope',
  'phone',
  'extension',
  'fax',
  'email',
  'remark',
] as const;

const EMPTY: CompanyFormValues = {
  parentId: 0,
  companyName: '',
  shortName: '',
  companyCode: '',
  natureKey: '',
  manager: '',
  foundedDate: '',
  businessScope: '',
  phone: '',
  extension: '',
  fax: '',
  email: '',
  sort: 1,
  remark: '',
};

function valuesOf(company: Company): CompanyFormValues {
  const values = { ...EMPTY, parentId: company.parentId, sort: company.sort };
  for (const name of TEXT_FIELDS) values[name] = company[name];
  return values;
}

/** Create, edit or view a company: every field, each with its rule from the contract. */
export function CompanyDialog({ state: current, onClose }: { state: CompanyDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('org');
  const [state] = useState(current);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const detail = useCompany(current?.id);
  const initialValues = useMemo(() => ({ ...EMPTY, parentId: state?.parentId ?? 0 }), [state]);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const field = (name: keyof CompanyFormValues, extra: Partial<SchemaField> = {}): SchemaField => ({
    name,
    label: t(`company.field.${name}`),
    placeholder: t(`company.placeholder.${name}`),
    ...extra,
  });
  const fields: SchemaField[] = [
    // Optional: empty means a top-level company (parent 0).
    field('parentId', { validate: false, render: (widget) => <ParentCompanyPicker self={state.id} widget={widget} /> }),
    field('companyName'),
    field('shortName'),
    field('companyCode'),
    field('natureKey', { render: (widget) => <CompanyNatureSelect widget={widget} /> }),
    // The head by name, offered from the users as it is typed.
    field('manager', { render: (widget) => <UserNameInput disabled={widget.disabled} placeholder={widget.placeholder} testId={widget.testId} /> }),
    field('foundedDate'),
    field('phone'),
    field('extension'),
    field('fax'),
    field('email'),
    field('sort'),
    field('businessScope', { span: 24 }),
    field('remark', { span: 24 }),
  ];
  const save = (values: CompanyFormValues) => {
    const body = { ...values, parentId: values.parentId ?? 0, sort: values.sort ?? 1 };
    for (const name of TEXT_FIELDS) body[name] = (values[name] ?? '').trim();
    return state.id === undefined ? create.mutateAsync({ body }) : update.mutateAsync({ params: { companyId: String(state.id) }, body });
  };
  return (
    <SchemaDialog<CompanyFormValues>
      name="company"
      open={current !== null}
      mode={state.mode}
      title={t(`company.dialog.${state.mode}`)}
      schema={companySubmit}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
    />
  );
}
