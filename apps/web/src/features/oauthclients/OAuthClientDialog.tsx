import { CLIENT_GRANTS, type OAuthClient, type OAuthClientWithSecret, oauthClientCreate, oauthClientUpdate } from '@macro/contract/oauthclients';
import { Checkbox, Form, Input, type InputProps, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogRecord } from '../../components/crud/useKeyedDialog';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { FormMode, SchemaField } from '../../components/crud/SchemaForm';
import { useCreateClient, useUpdateClient } from './api';

export interface OAuthClientDialogState {
  mode: FormMode;
  record?: OAuthClient;
}

interface ClientFormValues {
  clientId: string;
  name: string;
  grants: string[];
  accessTtl?: number;
  refreshTtl?: number;
  redirectUris: string[];
  enabled: boolean;
  serviceTenantId: string | null;
  serviceAccount: string | null;
}

/** An input of the service account: open only while `client_credentials` is ticked. */
function ServiceInput(props: InputProps) {
  const grants = Form.useWatch<string[] | undefined>('grants');
  return <Input {...props} disabled={props.disabled || !grants?.includes('client_credentials')} />;
}

const valuesOf = (client?: OAuthClient): ClientFormValues =>
  client
    ? { ...client }
    : {
        clientId: '',
        name: '',
        grants: ['password', 'refresh_token'],
        accessTtl: 1800,
        refreshTtl: 7 * 86_400,
        redirectUris: [],
        enabled: true,
        serviceTenantId: null,
        serviceAccount: null,
      };

/** Create, edit or view a client: its id, name, grant types, token lifetimes, redirect URIs, on or off. */
export function OAuthClientDialog({
  state: current,
  onClose,
  onSecret,
}: {
  state: OAuthClientDialogState | null;
  onClose: () => void;
  /** A created client's secret, to show this once. */
  onSecret: (answer: OAuthClientWithSecret) => void;
}) {
  const { t } = useTranslation('oauthclients');
  const { state, record, initialValues } = useDialogRecord(current, valuesOf);
  const create = useCreateClient();
  const update = useUpdateClient();
  if (!state) return null;
  const fields: SchemaField[] = [
    { name: 'clientId', label: t('field.clientId'), placeholder: t('form.clientIdPlaceholder'), disabled: !!record, validate: !record },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
    {
      name: 'grants',
      label: t('field.grants'),
      span: 24,
      render: (w) => <Checkbox.Group disabled={w.disabled} data-testid={w.testId} options={CLIENT_GRANTS.map((g) => ({ value: g, label: t(`grant.${g}`) }))} />,
    },
    { name: 'accessTtl', label: t('field.accessTtl') },
    { name: 'refreshTtl', label: t('field.refreshTtl') },
    {
      name: 'redirectUris',
      label: t('field.redirectUris'),
      span: 24,
      render: (w) => (
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[' ', ',']}
          disabled={w.disabled}
          placeholder={t('form.redirectPlaceholder')}
          data-testid={w.testId}
        />
      ),
    },
    {
      name: 'serviceTenantId',
      label: t('field.serviceTenantId'),
      render: (w) => <ServiceInput disabled={w.disabled} placeholder={t('form.serviceTenantPlaceholder')} data-testid={w.testId} />,
    },
    {
      name: 'serviceAccount',
      label: t('field.serviceAccount'),
      render: (w) => <ServiceInput disabled={w.disabled} placeholder={t('form.serviceAccountPlaceholder')} data-testid={w.testId} />,
    },
    { name: 'enabled', label: t('field.enabled') },
  ];
  const save = async (values: ClientFormValues) => {
    const body = {
      name: values.name.trim(),
      grants: values.grants as (typeof CLIENT_GRANTS)[number][],
      accessTtl: values.accessTtl ?? 0,
      refreshTtl: values.refreshTtl ?? 0,
      redirectUris: (values.redirectUris ?? []).map((uri) => uri.trim()).filter(Boolean),
      enabled: values.enabled,
      serviceTenantId: values.serviceTenantId?.trim() || null,
      serviceAccount: values.serviceAccount?.trim() || null,
    };
    if (record) return update.mutateAsync({ params: { id: String(record.id) }, body });
    onSecret(await create.mutateAsync({ body: { ...body, clientId: values.clientId.trim() } }));
  };
  return (
    <SchemaDialog<ClientFormValues>
      name="oauth-client"
      open={current !== null}
      mode={state.mode}
      title={t(`dialog.${state.mode}`)}
      schema={record ? oauthClientUpdate : oauthClientCreate}
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
