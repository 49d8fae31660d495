import {
  DIRECTORY_ENDPOINTS,
  DIRECTORY_PERMISSIONS as P,
  DIRECTORY_PROVIDERS,
  type DirectoryDepartment,
  type DirectoryProvider,
  type DirectorySettings,
  type DirectorySyncResult,
} from '@macro/contract/directory';
import { COMPANY_ENDPOINTS } from '@macro/contract/org';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Table, Tabs, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useScrollRegions } from '../../components/useScrollRegions';
import { useHasPermission } from '../../session/store';

/** Secondary text dark enough for WCAG AA on white (antd's label grey is 0.45 alpha). */
const READABLE_LABEL = { color: 'rgba(0, 0, 0, 0.65)' };
/** A green tag whose text meets AA (antd's green tag text does not). */
/** Directory sync: mirror the organisation from WeChat Work or DingTalk. */
export function DirectoryPage() {
  const { t } = useTranslation('directory');
  return (
    <div data-testid="directory-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs
        items={DIRECTORY_PROVIDERS.map((provider) => ({ key: provider, label: t(`provider.${provider}`), children: <ProviderPanel provider={provider} /> }))}
        destroyOnHidden
      />
    </div>
  );
}

function ProviderPanel({ provider }: { provider: DirectoryProvider }) {
  const { t } = useTranslation('directory');
  const E = DIRECTORY_ENDPOINTS[provider];
  const settings = useEndpointQuery(E.settings, {});
  if (!settings.data) return null;
  return (
    <div data-testid={`directory-${provider}`}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {!settings.data.configured && <Alert type="warning" showIcon message={t('notConfigured')} data-testid="directory-not-configured" />}
        <SettingsCard provider={provider} settings={settings.data} />
        <SyncCard provider={provider} settings={settings.data} />
        <DepartmentsCard provider={provider} disabled={!settings.data.configured} />
      </Space>
    </div>
  );
}

function SettingsCard({ provider, settings }: { provider: DirectoryProvider; settings: DirectorySettings }) {
  const { t } = useTranslation('directory');
  const E = DIRECTORY_ENDPOINTS[provider];
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useHasPermission(P.edit);
  const companies = useEndpointQuery(COMPANY_ENDPOINTS.tree, {}, { staleTime: 30_000 });
  const [form] = Form.useForm<{ companyId?: number; parentDeptId?: number | null }>();
  useEffect(() => form.setFieldsValue({ companyId: settings.companyId ?? undefined, parentDeptId: settings.parentDeptId || null }), [form, settings]);
  const save = useEndpointMutation(E.saveSettings, {
    onSuccess: (saved) => {
      client.setQueryData(endpointKey(E.settings, {}), saved);
      message.success(t('saved'));
    },
  });
  return (
    <Card title={t('settings.title')} size="small">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} styles={{ label: READABLE_LABEL }}>
        <Descriptions.Item label={t('settings.organisationId')}>{settings.organisationId || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('settings.baseUrl')}>{settings.baseUrl || '—'}</Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(values) => save.mutate({ body: { companyId: values.companyId!, parentDeptId: values.parentDeptId ?? 0 } })}
        style={{ maxWidth: 520 }}
      >
        <Form.Item name="companyId" label={t('settings.company')} rules={[{ required: true, message: t('settings.companyRequired') }]}>
          <TreeSelect
            treeData={companies.data ?? []}
            loading={companies.isFetching}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            data-testid="directory-company"
          />
        </Form.Item>
        <Form.Item name="parentDeptId" label={t('settings.parentDept')} extra={t('settings.parentDeptHelp')}>
          <DeptTreeSelect placeholder={t('settings.parentDeptPlaceholder')} testId="directory-parent-dept" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="directory-save">
            {t('settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function SyncCard({ provider, settings }: { provider: DirectoryProvider; settings: DirectorySettings }) {
  const { t } = useTranslation('directory');
  const E = DIRECTORY_ENDPOINTS[provider];
  const { message } = App.useApp();
  const client = useQueryClient();
  const canSync = useHasPermission(P.sync);
  const [userId, setUserId] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: endpointKey(E.settings, {}) });
    void client.invalidateQueries({ queryKey: endpointKey(E.departments, {}) });
  };
  const sync = useEndpointMutation(E.syncDepartments, {
    onSuccess: () => {
      message.success(t('sync.done'));
      refresh();
    },
  });
  const syncUser = useEndpointMutation(E.syncUser, {
    onSuccess: (result) => {
      message.success(t(`sync.user.${result.outcome}`, { id: userId.trim() }));
      refresh();
    },
  });
  const ready = settings.configured && settings.companyId !== null;
  return (
    <Card title={t('sync.title')} size="small">
      {!settings.companyId && <Alert type="info" showIcon message={t('sync.needCompany')} style={{ marginBottom: 16 }} />}
      {settings.lastSync && <SyncResult result={settings.lastSync} />}
      {canSync && (
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" disabled={!ready} loading={sync.isPending} onClick={() => sync.mutate({})} data-testid="directory-sync">
            {t('sync.run')}
          </Button>
          <Input
            aria-label={t('sync.user.label')}
            placeholder={t('sync.user.placeholder')}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            style={{ width: 220 }}
            disabled={!ready}
            data-testid="directory-user-id"
          />
          <Button
            disabled={!ready || !userId.trim()}
            loading={syncUser.isPending}
            onClick={() => syncUser.mutate({ params: { id: userId.trim() } })}
            data-testid="directory-sync-user"
          >
            {t('sync.user.run')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

function SyncResult({ result }: { result: DirectorySyncResult }) {
  const { t, i18n } = useTranslation('directory');
  const line = (counts: DirectorySyncResult['departments']) => t('sync.counts', counts);
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: READABLE_LABEL }} data-testid="directory-last-sync">
      <Descriptions.Item label={t('sync.lastAt')}>{new Date(result.at).toLocaleString(i18n.language)}</Descriptions.Item>
      <Descriptions.Item label={t('sync.departments')}>{line(result.departments)}</Descriptions.Item>
      <Descriptions.Item label={t('sync.users')}>{line(result.users)}</Descriptions.Item>
    </Descriptions>
  );
}

function DepartmentsCard({ provider, disabled }: { provider: DirectoryProvider; disabled: boolean }) {
  const { t } = useTranslation('directory');
  const E = DIRECTORY_ENDPOINTS[provider];
  // The directory is asked only on request: it is another company's server, and may be slow.
  const [asked, setAsked] = useState(false);
  const departments = useEndpointQuery(E.departments, {}, { enabled: asked && !disabled, retry: false });
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegions(tableBox, t('common:crud.scrollRegion', { title: t('departments.title') }));
  const columns: ColumnsType<DirectoryDepartment> = [
    { dataIndex: 'name', title: t('departments.name') },
    { dataIndex: 'externalId', title: t('departments.externalId'), width: 140 },
    { dataIndex: 'externalParentId', title: t('departments.parent'), width: 140, render: (value: string | null) => value ?? '—' },
    {
      dataIndex: 'deptId',
      title: t('departments.mirrored'),
      width: 140,
      render: (value: number | null) => (value === null ? <Tag>{t('departments.notYet')}</Tag> : <Tag color="green">{t('departments.linked')}</Tag>),
    },
  ];
  return (
    <Card
      title={t('departments.title')}
      size="small"
      extra={
        <Button
          size="small"
          disabled={disabled}
          loading={departments.isFetching}
          onClick={() => (asked ? departments.refetch() : setAsked(true))}
          data-testid="directory-load"
        >
          {t('departments.load')}
        </Button>
      }
    >
      <div ref={tableBox}>
        <Table<DirectoryDepartment>
          rowKey="externalId"
          size="small"
          columns={columns}
          dataSource={departments.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 560 }}
          data-testid="directory-departments"
        />
      </div>
    </Card>
  );
}
