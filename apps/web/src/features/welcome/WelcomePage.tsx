import { Alert, Avatar, Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

export function WelcomePage() {
  const { t } = useTranslation('welcome');
  const user = useSession((s) => s.user);
  const info = useSession((s) => s.userInfo);
  const name = user?.nick_name || info?.name || user?.account || '';
  const tenant = info?.tenantName ? `${info.tenantName} (${user?.tenant_id ?? info.tenantId})` : (user?.tenant_id ?? '');

  return (
    <div data-testid="welcome-page">
      <Card>
        <Row gutter={20} align="middle" wrap={false}>
          <Col flex="none">
            <Avatar size={64} src={user?.avatar || undefined}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
          </Col>
          <Col flex="auto">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="welcome-greeting">
              {t(`greeting.${greetingKey(dayjs().hour())}`, { name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('today', { date: dayjs().format(t('dateFormat')) })}
            </Typography.Text>
          </Col>
        </Row>
      </Card>
      {user?.must_change_password ? (
        <Alert type="warning" showIcon title={t('mustChangePassword')} style={{ marginTop: 16 }} />
      ) : null}
      <Card title={t('profile')} style={{ marginTop: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('nickName')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('account')}>{user?.account ?? info?.account}</Descriptions.Item>
          <Descriptions.Item label={t('tenant')}>
            <span data-testid="welcome-tenant">{tenant}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('role')}>{user?.role_name || info?.roleName}</Descriptions.Item>
          <Descriptions.Item label={t('dept')}>{user?.dept_name}</Descriptions.Item>
          <Descriptions.Item label={t('email')}>{info?.email}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
