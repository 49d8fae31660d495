import { AVATAR_MAX_BYTES, updateInfoBody } from '@macro/contract/auth';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/auth';
import { ImagePicker } from '../../components/ImagePicker';
import { Reacquire } from '../../components/Reacquire';
import { type FieldSchema, zodRule } from '../../components/zodRule';
import { useUpdateAvatar, useUpdateOwnInfo } from './api';

interface InfoForm {
  name: string;
  realName: string;
  email: string;
  phone: string;
}

const fields = updateInfoBody.shape as unknown as Record<keyof InfoForm, FieldSchema>;

/** Spec 000 §2 /info/index: the signed-in user's own details, read fresh and changed in place. */
export function InfoPage() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const info = useUserInfo();
  const save = useUpdateOwnInfo();
  const avatar = useUpdateAvatar();
  const [form] = Form.useForm<InfoForm>();
  const data = info.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ name: data.name, realName: data.realName, email: data.email, phone: data.phone });
  }, [data, form]);

  if (info.isError && !data) {
    return <Reacquire message={info.error.message} onRetry={() => void info.refetch()} retrying={info.isFetching} testId="info" />;
  }
  if (!data) return <Skeleton active />;

  const submit = async (values: InfoForm) => {
    await save.mutateAsync({ body: { id: data.id, ...values } });
    message.success(t('saved'));
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="info-page">
      <Card>
        <Space size={16} align="center" wrap>
          <Space orientation="vertical" align="center" size={8}>
            <Avatar size={64} src={data.avatar || undefined} alt={t('avatarAlt', { name: data.name })} data-testid="info-avatar">
              {data.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <ImagePicker
              maxBytes={AVATAR_MAX_BYTES}
              messages={{ tooLarge: t('messages:auth.avatarTooLarge'), type: t('messages:auth.avatarType') }}
              onPicked={(image) =>
                void avatar
                  .mutateAsync({ body: { image } })
                  .then(() => message.success(t('avatarSaved')))
                  // The failure toast comes from the query client.
                  .catch(() => undefined)
              }
              loading={avatar.isPending}
              testId="info-avatar-upload"
            >
              {t('avatarChange')}
            </ImagePicker>
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'account', label: t('account'), children: data.account },
              { key: 'tenant', label: t('tenant'), children: `${data.tenantName} (${data.tenantId})` },
              { key: 'role', label: t('role'), children: data.roleName },
            ]}
          />
        </Space>
      </Card>
      <Card title={t('edit')}>
        <Form<InfoForm> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }} data-testid="info-form">
          <Form.Item name="name" label={t('name')} rules={[zodRule(fields.name, t)]}>
            <Input autoComplete="nickname" data-testid="info-name" />
          </Form.Item>
          <Form.Item name="realName" label={t('realName')} rules={[zodRule(fields.realName, t)]}>
            <Input autoComplete="name" data-testid="info-real-name" />
          </Form.Item>
          <Form.Item name="email" label={t('email')} rules={[zodRule(fields.email, t)]}>
            <Input type="email" autoComplete="email" data-testid="info-email" />
          </Form.Item>
          <Form.Item name="phone" label={t('phone')} rules={[zodRule(fields.phone, t)]}>
            <Input autoComplete="tel" data-testid="info-phone" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="info-submit">
            {t('common:save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
