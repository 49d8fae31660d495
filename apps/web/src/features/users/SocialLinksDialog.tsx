import { AUTH_ENDPOINTS, type SocialLinkRecord } from '@macro/contract/auth';
import type { UserRecord } from '@macro/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

interface LinkValues {
  source: string;
  externalId: string;
}

/**
 * Which social-provider users (WeChat Work members, DingTalk users…) sign in as this user: the
 * administrator adds the provider's id of the user, or removes a link.
 */
export function SocialLinksDialog({ user: current, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [user] = useState(current);
  const [form] = Form.useForm<LinkValues>();
  const client = useQueryClient();
  const input = { query: { userId: user?.id ?? 0 } };
  const links = useEndpointQuery(AUTH_ENDPOINTS.socialLinks, input, { enabled: user !== null });
  const providers = useEndpointQuery(AUTH_ENDPOINTS.socialProviders, {}, { enabled: user !== null });
  const refresh = () => client.invalidateQueries({ queryKey: endpointKey(AUTH_ENDPOINTS.socialLinks, input) });
  const add = useEndpointMutation(AUTH_ENDPOINTS.socialLinkSubmit, { onSuccess: refresh });
  const remove = useEndpointMutation(AUTH_ENDPOINTS.socialLinkRemove, { onSuccess: refresh });
  if (!user) return null;

  const sourceName = (source: string) => t(`login:socialSources.${source}`, { defaultValue: source });
  const submit = (values: LinkValues) =>
    add
      .mutateAsync({ body: { userId: user.id, source: values.source.trim(), externalId: values.externalId.trim() } })
      .then(() => {
        message.success(t('socialLinks.added'));
        form.resetFields(['externalId']);
      })
      .catch(() => undefined);

  return (
    <Modal
      open={current !== null}
      title={t('socialLinks.title', { name: user.account })}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      modalRender={(node) => <div data-testid="user-social-dialog">{node}</div>}
    >
      <Typography.Paragraph type="secondary">{t('socialLinks.hint')}</Typography.Paragraph>
      <Table<SocialLinkRecord>
        rowKey="id"
        size="small"
        loading={links.isLoading}
        dataSource={links.data ?? []}
        pagination={false}
        locale={{ emptyText: t('socialLinks.none') }}
        columns={[
          { key: 'source', title: t('socialLinks.source'), render: (_, row) => sourceName(row.source) },
          { key: 'externalId', title: t('socialLinks.externalId'), dataIndex: 'externalId' },
          { key: 'createTime', title: t('socialLinks.createTime'), render: (_, row) => new Date(row.createTime).toLocaleString() },
          {
            key: 'action',
            title: t('common:actions'),
            width: 90,
            render: (_, row) => (
              <Popconfirm
                title={t('socialLinks.removeConfirm', { source: sourceName(row.source), id: row.externalId })}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                onConfirm={() => remove.mutateAsync({ body: { ids: [row.id] } }).catch(() => undefined)}
              >
                <Button type="link" danger size="small" data-testid={`user-social-remove-${row.id}`}>
                  {t('common:delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Form<LinkValues>
        form={form}
        name="user-social-link"
        layout="vertical"
        requiredMark={false}
        initialValues={{ source: providers.data?.[0]?.source ?? '', externalId: '' }}
        onFinish={submit}
        style={{ marginTop: 16 }}
      >
        <Space.Compact block>
          <Form.Item
            name="source"
            label={t('socialLinks.source')}
            rules={[{ required: true, whitespace: true, message: t('messages:auth.socialSourceRequired') }]}
            style={{ flex: '0 0 40%' }}
          >
            <AutoComplete
              options={(providers.data ?? []).map((p) => ({ value: p.source, label: sourceName(p.source) }))}
              placeholder={t('socialLinks.sourcePlaceholder')}
              data-testid="user-social-source"
            />
          </Form.Item>
          <Form.Item
            name="externalId"
            label={t('socialLinks.externalId')}
            rules={[{ required: true, whitespace: true, message: t('messages:auth.externalIdRequired') }]}
            style={{ flex: 1 }}
          >
            <Input placeholder={t('socialLinks.externalIdPlaceholder')} data-testid="user-social-external-id" />
          </Form.Item>
        </Space.Compact>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="user-social-add">
          {t('socialLinks.add')}
        </Button>
      </Form>
    </Modal>
  );
}
