import { plainPassword, USER_SEX, USER_STATUS, USER_TYPE, type UserRecord, userUpdateBody } from '@macro/contract/users';
import { Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPasswords } from '../../api/session';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { DateTimeInput } from '../../components/DateTimeInput';
import type { FormMode, ObjectSchema, SchemaField } from '../../components/crud/SchemaForm';
import { useSubmitUser, useUserDetail } from './api';
import { PostPicker } from '../../components/PostPicker';
import { RolePicker } from '../../components/RolePicker';

export interface UserDialogState {
  mode: FormMode;
  record?: UserRecord;
}

export interface UserFormValues {
  account: string;
  name: string;
  realName: string;
  code: string;
  mobile: string;
  telephone: string;
  email: string;
  wechat: string;
  qq: string;
  birthday: string;
  sex: number;
  deptId: number | null;
  status: number;
  userType: number;
  roleIds: number[];
  postIds: number[];
  remark: string;
  userExt: string;
  password?: string;
  password2?: string;
}

const DEFAULTS: UserFormValues = {
  account: '',
  name: '',
  realName: '',
  code: '',
  mobile: '',
  telephone: '',
  email: '',
  wechat: '',
  qq: '',
  birthday: '',
  sex: USER_SEX.unknown,
  deptId: null,
  status: USER_STATUS.enabled,
  userType: USER_TYPE.web,
  roleIds: [],
  postIds: [],
  remark: '',
  userExt: '',
  password: '',
  password2: '',
};

/** The form's rules: the contract's user fields, and the password as a person types it. */
const FORM_SCHEMA = { shape: { ...userUpdateBody.shape, password: plainPassword, password2: plainPassword } } as unknown as ObjectSchema;

function valuesOf(user?: UserRecord): UserFormValues {
  if (!user) return DEFAULTS;
  const { account, name, realName, code, mobile, telephone, email, wechat, qq, sex, deptId, status, userType, roleIds, postIds, remark, userExt } = user;
  return {
    account,
    name,
    realName,
    code,
    mobile,
    telephone,
    email,
    wechat,
    qq,
    birthday: user.birthday ?? '',
    sex,
    deptId,
    status,
    userType,
    roleIds,
    postIds,
    remark,
    userExt,
  };
}

const trim = (value: string | undefined) => value?.trim() ?? '';

interface UserDialogProps {
  /** Mounted afresh (new key) for every opening; null closes it. */
  state: UserDialogState | null;
  onClose: () => void;
}

/** Add, edit or view a user: every Org user field of the spec, rules from the contract. */
export function UserDialog({ state: current, onClose }: UserDialogProps) {
  const { t } = useTranslation('users');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitUser();
  const detail = useUserDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  if (!state) return null;
  const mode = state.mode;
  const creating = mode === 'create';

  const fields: SchemaField[] = [
    { name: 'account', label: t('field.account'), placeholder: t('form.accountPlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    ...(creating
      ? [
          {
            name: 'password',
            label: t('field.password'),
            render: (w) => <Input.Password placeholder={t('form.passwordPlaceholder')} autoComplete="new-password" data-testid={w.testId} />,
          } satisfies SchemaField,
          {
            name: 'password2',
            label: t('field.password2'),
            render: (w) => <Input.Password placeholder={t('form.password2Placeholder')} autoComplete="new-password" data-testid={w.testId} />,
          } satisfies SchemaField,
        ]
      : []),
    { name: 'realName', label: t('field.realName') },
    { name: 'code', label: t('field.code') },
    { name: 'mobile', label: t('field.mobile') },
    { name: 'telephone', label: t('field.telephone') },
    { name: 'email', label: t('field.email') },
    { name: 'wechat', label: t('field.wechat') },
    { name: 'qq', label: t('field.qq') },
    {
      name: 'birthday',
      label: t('field.birthday'),
      render: (w) => <DateTimeInput dateOnly notAfterToday disabled={w.disabled} placeholder={t('form.birthdayPlaceholder')} testId={w.testId} />,
    },
    { name: 'sex', label: t('field.sex'), optionLabel: (v) => t(`sex.${v}`) },
    {
      name: 'deptId',
      label: t('field.deptId'),
      render: (w) => <DeptTreeSelect disabled={w.disabled} placeholder={t('form.deptPlaceholder')} testId={w.testId} />,
    },
    { name: 'status', label: t('field.status'), optionLabel: (v) => t(`status.${v}`) },
    { name: 'userType', label: t('field.userType'), optionLabel: (v) => t(`userType.${v}`) },
    {
      name: 'roleIds',
      label: t('field.roleIds'),
      span: 24,
      validate: false,
      render: (w) => <RolePicker disabled={w.disabled} testId={w.testId} />,
    },
    {
      name: 'postIds',
      label: t('field.postIds'),
      span: 24,
      validate: false,
      render: (w) => <PostPicker disabled={w.disabled} testId={w.testId} />,
    },
    { name: 'remark', label: t('field.remark'), span: 24 },
    { name: 'userExt', label: t('field.userExt'), placeholder: t('form.userExtPlaceholder'), span: 24 },
  ];

  const save = async (values: UserFormValues) => {
    const fieldsOf = {
      account: trim(values.account),
      name: trim(values.name),
      realName: trim(values.realName),
      code: trim(values.code),
      mobile: trim(values.mobile),
      telephone: trim(values.telephone),
      email: trim(values.email),
      wechat: trim(values.wechat),
      qq: trim(values.qq),
      birthday: trim(values.birthday) || null,
      sex: values.sex as 0 | 1 | 2,
      deptId: values.deptId ?? null,
      status: values.status as 0 | 1,
      userType: values.userType as 1 | 2 | 3,
      roleIds: values.roleIds ?? [],
      postIds: values.postIds ?? [],
      remark: trim(values.remark),
      userExt: trim(values.userExt),
    };
    if (record) return submit.mutateAsync({ body: { id: record.id, ...fieldsOf } });
    const passwords = await encryptPasswords({ password: values.password ?? '', password2: values.password2 ?? '' });
    return submit.mutateAsync({ body: { ...fieldsOf, ...passwords } });
  };

  return (
    <SchemaDialog<UserFormValues>
      name="user"
      open={current !== null}
      mode={mode}
      title={t(`dialog.${mode}`)}
      schema={FORM_SCHEMA}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={save}
      onClose={onClose}
      submit={submit}
    />
  );
}
