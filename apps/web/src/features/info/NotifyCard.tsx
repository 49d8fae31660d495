import { BellOutlined } from '@ant-design/icons';
import { NOTICE_ENDPOINTS as N } from '@macro/contract/notices';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/**
 * Where one's messages go besides the bell: e-mail to the profile's address, written in the
 * language the choice is made in. Off, with the reason, while the platform has no mail server or
 * the profile no address.
 */
export function NotifyCard() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const client = useQueryClient();
  const prefs = useEndpointQuery(N.preferences, {});
  const save = useEndpointMutation(N.setPreferences, {
    onSuccess: (next) => {
      client.setQueryData(endpointKey(N.preferences, {}), next);
      message.success(t(next.email ? 'notify.emailOn' : 'notify.emailOff'));
    },
  });
  const data = prefs.data;
  const why = !data ? '' : !data.emailAvailable ? t('notify.noServer') : !data.emailAddress ? t('notify.noAddress') : '';
  return (
    <Card style={{ width: 360, maxWidth: '100%' }} data-testid="notify-card">
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
        <BellOutlined /> {t('notify.title')}
      </Typography.Title>
      {!data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={8}>
          <Space>
            <Switch
              id="notify-email"
              checked={data.email}
              disabled={Boolean(why) && !data.email}
              loading={save.isPending}
              onChange={(email) => save.mutate({ body: { email } })}
              data-testid="notify-email"
            />
            <label htmlFor="notify-email">{t('notify.email')}</label>
          </Space>
          <Typography.Text type="secondary" data-testid="notify-email-hint">
            {why || t('notify.address', { address: data.emailAddress })}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
