import { BellOutlined } from '@ant-design/icons';
import { NOTICE_ENDPOINTS as N, type NotifyChannel, type NotifyPreferences } from '@macro/contract/notices';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** Why a channel cannot be turned on ('' when it can), and what it goes to. */
function channelState(prefs: NotifyPreferences, channel: NotifyChannel, t: (key: string, options?: Record<string, string>) => string) {
  if (channel === 'email') {
    if (!prefs.emailAvailable) return { why: t('notify.noServer'), hint: '' };
    if (!prefs.emailAddress) return { why: t('notify.noAddress'), hint: '' };
    return { why: '', hint: t('notify.address', { address: prefs.emailAddress }) };
  }
  return prefs[`${channel}Available`] ? { why: '', hint: t('notify.linked') } : { why: t('notify.notLinked'), hint: '' };
}

/**
 * Where one's messages go besides the bell: e-mail to the profile's address, and the work
 * notifications of WeChat Work and DingTalk to the member one was synced from, written in the
 * language the choice is made in. A channel that cannot reach the user is off, with the reason.
 */
export function NotifyCard() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const client = useQueryClient();
  const prefs = useEndpointQuery(N.preferences, {});
  const save = useEndpointMutation(N.setPreferences, {
    onSuccess: (next) => client.setQueryData(endpointKey(N.preferences, {}), next),
  });
  const data = prefs.data;
  const toggle = (channel: NotifyChannel, on: boolean) =>
    save.mutate(
      { body: { [channel]: on } },
      { onSuccess: () => void message.success(t(on ? 'notify.turnedOn' : 'notify.turnedOff', { channel: t(`notify.${channel}`) })) },
    );
  return (
    <Card style={{ width: 360, maxWidth: '100%' }} data-testid="notify-card">
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
        <BellOutlined /> {t('notify.title')}
      </Typography.Title>
      {!data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={12}>
          <Typography.Text type="secondary">{t('notify.intro')}</Typography.Text>
          {(['email', 'wecom', 'dingtalk'] as const).map((channel) => {
            const { why, hint } = channelState(data, channel, t);
            return (
              <Space key={channel} orientation="vertical" size={2}>
                <Space>
                  <Switch
                    id={`notify-${channel}`}
                    checked={data[channel]}
                    disabled={Boolean(why) && !data[channel]}
                    loading={save.isPending && save.variables?.body[channel] !== undefined}
                    onChange={(on) => toggle(channel, on)}
                    data-testid={`notify-${channel}`}
                  />
                  <label htmlFor={`notify-${channel}`}>{t(`notify.${channel}`)}</label>
                </Space>
                <Typography.Text type="secondary" data-testid={`notify-${channel}-hint`}>
                  {why || hint}
                </Typography.Text>
              </Space>
            );
          })}
        </Space>
      )}
    </Card>
  );
}
