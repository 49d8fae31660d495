import { DASHBOARD_ENDPOINTS, type DashboardSummary } from '@macro/contract/dashboard';
import { Alert, Avatar, Button, Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';
import { ChartCard, deptChartOption, HomePanel, signInChartOption } from '../desktop/public';
import './welcome.css';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

const COUNT_KEYS = ['users', 'departments', 'roles', 'posts', 'menus'] as const;

function Dashboard({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('welcome');
  const signInOption = useMemo(() => signInChartOption(summary, t), [summary, t]);
  const deptOption = useMemo(() => deptChartOption(summary, t), [summary, t]);
  const counts = COUNT_KEYS.filter((key) => summary.counts[key] !== null);
  return (
    <>
      <Card title={t('dashboard.counts')} style={{ marginTop: 16 }}>
        <div className="dashboard-counts">
          {counts.map((key) => (
            <Statistic
              key={key}
              title={t(`dashboard.count.${key}`)}
              value={summary.counts[key] ?? 0}
              valueRender={(node) => <span data-testid={`dashboard-count-${key}`}>{node}</span>}
            />
          ))}
        </div>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={deptOption ? 12 : 24}>
          <ChartCard title={t('dashboard.signInChart')} option={signInOption} testId="dashboard-chart-signins" />
        </Col>
        {deptOption ? (
          <Col xs={24} lg={12}>
            <ChartCard title={t('dashboard.deptChart')} option={deptOption} testId="dashboard-chart-depts" />
          </Col>
        ) : null}
      </Row>
      <Card title={t('dashboard.recentSignIns')} size="small" style={{ marginTop: 16 }}>
        {summary.recentSignIns.length ? (
          <List
            size="small"
            dataSource={summary.recentSignIns}
            data-testid="dashboard-signins"
            renderItem={(signIn) => (
              <List.Item>
                <span>{dayjs(signIn.time).format('YYYY-MM-DD HH:mm:ss')}</span>
                <span className="dashboard-signin-ip">{signIn.ip}</span>
                <span>{t(`dashboard.via.${['password', 'social', 'token', 'signed'].includes(signIn.via) ? signIn.via : 'unknown'}`)}</span>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noSignIns')} />
        )}
      </Card>
    </>
  );
}

/**
 * The dashboard with its loading, no-access and failure states: on the welcome page, and on the
 * data view (which refreshes it every `refreshMs`).
 */
export function DashboardPanel({ refreshMs }: { refreshMs?: number }) {
  const { t } = useTranslation('welcome');
  const summary = useEndpointQuery(DASHBOARD_ENDPOINTS.summary, {}, { retry: false, refetchInterval: refreshMs });
  const forbidden = summary.error instanceof ApiError && summary.error.status === 403;
  return (
    <>
      {summary.data ? <Dashboard summary={summary.data} /> : null}
      {summary.isPending ? <Skeleton active style={{ marginTop: 16 }} /> : null}
      {forbidden ? <Alert type="info" showIcon title={t('dashboard.noAccess')} style={{ marginTop: 16 }} data-testid="dashboard-no-access" /> : null}
      {summary.isError && !forbidden ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          style={{ marginTop: 16 }}
          action={
            <Button size="small" onClick={() => void summary.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      ) : null}
    </>
  );
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
            <Typography.Text type="secondary">{t('today', { date: dayjs().format(t('dateFormat')) })}</Typography.Text>
          </Col>
        </Row>
      </Card>
      {user?.must_change_password ? <Alert type="warning" showIcon title={t('mustChangePassword')} style={{ marginTop: 16 }} /> : null}
      <HomePanel fallback={<DashboardPanel />} />
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
