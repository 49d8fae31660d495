import { DEPARTMENT_NATURE_DICT, type Dept, type DeptNode, deptSubmit } from '@macro/contract/org';
import { UserNameInput } from '../../components/UserNameInput';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCreateDept, useDept, useUpdateDept } from './api';
import { DictionarySelect, ParentDeptPicker } from './pickers';

export interface DeptDialogState {
  mode: FormMode;
  record?: Dept;
  /** Where a new department goes. */
  parentId?: number;
}

type DeptFormValues = Pick<Dept, 'companyId' | 'parentId' | 'deptName' | 'deptCode' | 'fullName' | 'deptType' | 'manager' | 'phone' | 'sort' | 'remark'>;
const TEXT_FIELDS = ['deptName', 'deptCode', 'fullName', 'deptType', 'manager', 'phone', 'remark'] as const;

function valuesOf(dept: Dept): DeptFormValues {
  const { companyId, parentId, deptName, deptCode, fullName, deptType, manager, phone, sort, remark } = dept;
  return { companyId, parentId, deptName, deptCode, fullName, deptType, manager, phone, sort, remark };
}

/** Shows the company's name where the form holds its id (Form.Item hands the id in as `value`). */
function CompanyName({ name, testId, id }: { name: string; testId: string; id?: string; value?: number }) {
  return <Input id={id} value={name} disabled data-testid={testId} />;
}

interface DeptDialogProps {
  state: DeptDialogState | null;
  company: { id: number; name: string };
  /** The company's departments, for the parent picker. */
  depts: readonly DeptNode[];
  onClose: () => void;
}

/** Create, edit or view a department of the selected company. */
export function DeptDialog({ state: current, company, depts, onClose }: DeptDialogProps) {
  const { t } = useTranslation('org');
  const [state] = useState(current);
  const create = useCreateDept();
  const update = useUpdateDept();
  const record = state?.record;
  const detail = useDept(current ? record?.id : undefined);
  const initialValues = useMemo<DeptFormValues>(
    () =>
      record
        ? valuesOf(record)
        : {
            companyId: company.id,
            parentId: state?.parentId ?? 0,
            deptName: '',
            deptCode: '',
            fullName: '',
            deptType: '',
            manager: '',
            phone: '',
            sort: 1,
            remark: '',
          },
    [record, company.id, state],
  );
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const field = (name: keyof DeptFormValues, extra: Partial<SchemaField> = {}): SchemaField => ({
    name,
    label: t(`dept.field.${name}`),
    placeholder: t(`dept.placeholder.${name}`),
    ...extra,
  });
  const fields: SchemaField[] = [
    // The company is the one chosen on the left; shown, not changed here.
    field('companyId', {
      placeholder: undefined,
      validate: false,
      render: (widget) => <CompanyName name={company.name} testId={widget.testId} />,
    }),
    // Optional: empty means a top-level department of the company (parent 0).
    field('parentId', { validate: false, render: (widget) => <ParentDeptPicker depts={depts} self={record?.id} widget={widget} /> }),
    field('deptName'),
    field('deptCode'),
    field('fullName'),
    field('deptType', { render: (widget) => <DictionarySelect code={DEPARTMENT_NATURE_DICT} widget={widget} /> }),
    // The head by name, offered from the users as it is typed.
    field('manager', { render: (widget) => <UserNameInput disabled={widget.disabled} placeholder={widget.placeholder} testId={widget.testId} /> }),
    field('phone'),
    field('sort'),
    field('remark', { span: 24 }),
  ];
  const save = (values: DeptFormValues) => {
    const body = { ...values, companyId: company.id, parentId: values.parentId ?? 0, sort: values.sort ?? 1 };
    for (const name of TEXT_FIELDS) body[name] = (values[name] ?? '').trim();
    return record ? update.mutateAsync({ params: { deptId: String(record.id) }, body }) : create.mutateAsync({ body });
  };
  return (
    <SchemaDialog<DeptFormValues>
      name="dept"
      open={current !== null}
      mode={state.mode}
      title={t(`dept.dialog.${state.mode}`)}
      schema={deptSubmit}
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
