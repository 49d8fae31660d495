import {
  DATABASE_LINK_PERMISSIONS,
  type DatabaseLink,
  type DatabaseLinkSubmit,
  DEFAULT_PORTS,
  databaseLinkForm,
  type LinkKind,
  PRODUCT_LINK,
} from '@macro/contract/databaselinks';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { usePermissionCheck } from '../../session/store';
import { useDatabaseLinkDetail, useSubmitDatabaseLink } from './api';
import { TestLinkButton } from './TestLinkButton';

export interface DatabaseLinkDialogState {
  mode: FormMode;
  record?: DatabaseLink;
}

export interface DatabaseLinkFormValues {
  name: string;
  kind: LinkKind;
  host: string;
  port?: number;
  database: string;
  username: string;
  /** Typed only to change it: blank keeps the stored one. */
  password?: string;
  ssl: boolean;
  schema: string;
  groupName: string;
  sort?: number;
  remark: string;
}

const EMPTY: DatabaseLinkFormValues = {
  name: '',
  kind: 'postgresql',
  host: '',
  port: DEFAULT_PORTS.postgresql,
  database: '',
  username: '',
  password: '',
  ssl: false,
  schema: '',
  groupName: '',
  sort: 1,
  remark: '',
};

const valuesOf = (record?: DatabaseLink): DatabaseLinkFormValues =>
  record
    ? {
        name: record.name,
        kind: record.kind,
        host: record.host,
        // The console's own database has no port: a kind chosen instead starts from its default.
        port: record.kind === PRODUCT_LINK ? DEFAULT_PORTS.postgresql : record.port,
        database: record.database,
        username: record.username,
        password: '',
        ssl: record.ssl,
        schema: record.schema,
        groupName: record.groupName,
        sort: record.sort,
        remark: record.remark,
      }
    : EMPTY;

/** Where a link connects and how it signs in: what the console's own database has none of. */
const CONNECTION_FIELDS: ReadonlySet<string> = new Set(['host', 'port', 'database', 'username', 'password', 'schema', 'ssl']);

/** What the server is sent of the form: the password only when one was typed; no connection for the console's own database. */
export function linkBody(values: DatabaseLinkFormValues): DatabaseLinkSubmit {
  const record = {
    name: values.name?.trim() ?? '',
    groupName: values.groupName?.trim() ?? '',
    sort: values.sort ?? 1,
    remark: values.remark?.trim() ?? '',
  };
  if (values.kind === PRODUCT_LINK) return { kind: PRODUCT_LINK, ...record };
  const password = values.password ?? '';
  return {
    ...record,
    kind: values.kind,
    host: values.host?.trim() ?? '',
    port: values.port ?? DEFAULT_PORTS[values.kind],
    database: values.database?.trim() ?? '',
    username: values.username?.trim() ?? '',
    ...(password ? { password } : {}),
    ssl: values.ssl ?? false,
    schema: values.schema?.trim() ?? '',
  };
}

/** Create, edit or view a database link; its connection can be tested from the form as typed. */
export function DatabaseLinkDialog({ state: current, onClose }: { state: DatabaseLinkDialogState | null; onClose: () => void }) {
  const { t } = useTranslation('databaselinks');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const submit = useSubmitDatabaseLink();
  const detail = useDatabaseLinkDetail(current ? record?.id : undefined);
  const loadedValues = useMemo(() => (detail.data ? valuesOf(detail.data) : undefined), [detail.data]);
  // The fields follow the kind chosen: the console's own database has no address or login.
  const [kind, setKind] = useState<LinkKind>(initialValues.kind);
  // Testing connects to the database: offered to those who may (databaseLink:browse).
  const mayTest = usePermissionCheck()(DATABASE_LINK_PERMISSIONS.browse);
  if (!state) return null;
  const stored = (detail.data ?? record)?.hasPassword ?? false;
  const allFields: SchemaField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    { name: 'groupName', label: t('field.groupName'), placeholder: t('form.groupPlaceholder') },
    { name: 'kind', label: t('field.kind'), optionLabel: (value) => t(`kind.${value}`), span: 24 },
    { name: 'host', label: t('field.host'), placeholder: t('form.hostPlaceholder') },
    { name: 'port', label: t('field.port') },
    { name: 'database', label: t('field.database'), placeholder: t('form.databasePlaceholder') },
    { name: 'username', label: t('field.username'), placeholder: t('form.usernamePlaceholder') },
    {
      name: 'password',
      label: t('field.password'),
      // Never shown, never sent back: "••••" says one is kept, typing replaces it.
      render: ({ disabled, testId }) => (
        <Input.Password
          disabled={disabled}
          data-testid={testId}
          autoComplete="new-password"
          placeholder={stored ? t('form.passwordKept') : t('form.passwordPlaceholder')}
          visibilityToggle={false}
        />
      ),
    },
    { name: 'schema', label: t('field.schema'), placeholder: t('form.schemaPlaceholder') },
    { name: 'ssl', label: t('field.ssl') },
    { name: 'sort', label: t('field.sort') },
    { name: 'remark', label: t('field.remark'), placeholder: t('form.remarkPlaceholder'), span: 24 },
  ];
  const fields = kind === PRODUCT_LINK ? allFields.filter((field) => !CONNECTION_FIELDS.has(field.name)) : allFields;
  return (
    <SchemaDialog<DatabaseLinkFormValues>
      name="database-link"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={databaseLinkForm}
      fields={fields}
      initialValues={initialValues}
      loadedValues={loadedValues}
      onSubmit={(values) => submit.mutateAsync({ body: { ...(record ? { id: record.id } : {}), ...linkBody(values) } })}
      onClose={onClose}
      submit={submit}
      onFieldsChange={(changed, form) => {
        if (changed.kind) setKind(changed.kind);
        // A port still at a kind's default follows the kind; one typed by hand stays.
        const port = form.getFieldValue('port') as number | undefined;
        if (changed.kind && changed.kind !== PRODUCT_LINK && (port === undefined || Object.values(DEFAULT_PORTS).includes(port)))
          form.setFieldsValue({ port: DEFAULT_PORTS[changed.kind] });
      }}
      extraFooter={(form) =>
        mayTest ? (
          <TestLinkButton
            testId="database-link-dialog-test"
            input={() => {
              const body = linkBody(form.getFieldsValue(true) as DatabaseLinkFormValues);
              return { ...(record ? { id: record.id } : {}), ...body };
            }}
          />
        ) : null
      }
    />
  );
}
