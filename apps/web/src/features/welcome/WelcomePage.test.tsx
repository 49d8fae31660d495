import type { DashboardSummary } from '@macro/contract/dashboard';
import { act, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/locale';
import { renderPage, serveApi } from '../../test/render';
import { WelcomePage } from './WelcomePage';

// The test DOM draws no canvas: the chart shows the figures it was given instead (the browser test sees the real canvas).
vi.mock('../desktop/DashboardChart', () => ({
  default: ({
    option,
    label,
    testId,
  }: {
    option: { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    label: string;
    testId: string;
  }) => (
    <div role="img" aria-label={label} data-testid={testId}>
      {option.xAxis.data.map((x, i) => `${x}=${option.series[0].data[i]}`).join(' ')} / {option.series[0].name}
    </div>
  ),
}));

const summary: DashboardSummary = {
  counts: { users: 12, departments: 5, roles: null, posts: null, menus: 7 },
  recentSignIns: [{ time: '2026-11-20T08:30:00.000Z', ip: '10.0.0.8', via: 'password' }],
  signInsByDay: [
    { day: '2026-11-19', count: 0 },
    { day: '2026-11-20', count: 3 },
  ],
  usersByDepartment: [
    { deptId: 4, deptName: '研发部', count: 9 },
    { deptId: null, deptName: '', count: 3 },
  ],
};

describe('the welcome page', () => {
  beforeEach(() => {
    serveApi((url) => (url.pathname === '/api/macro-system/dashboard/summary' ? { data: summary } : undefined));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => applyLanguage('zh'));
  });

  it('writes today’s date in the language just chosen, not the previous one', async () => {
    await renderPage(<WelcomePage />);
    await act(() => applyLanguage('zh'));
    const weekdayIn = (locale: string) => dayjs().locale(locale).format('dddd');
    expect(await screen.findByText(`今天是 ${dayjs().locale('zh-cn').format('YYYY年M月D日 dddd')}`)).toBeInTheDocument();

    await act(() => applyLanguage('en'));
    expect(screen.getByText(new RegExp(`^Today is ${weekdayIn('en')}, `))).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(weekdayIn('zh-cn')))).toBeNull();

    await act(() => applyLanguage('ja'));
    expect(screen.getByText(new RegExp(`${weekdayIn('ja')} です$`))).toBeInTheDocument();
  });

  it('shows the counts the server returns, and none it withholds', async () => {
    await renderPage(<WelcomePage />);
    expect(await screen.findByTestId('dashboard-count-users')).toHaveTextContent('12');
    expect(screen.getByTestId('dashboard-count-departments')).toHaveTextContent('5');
    expect(screen.getByTestId('dashboard-count-menus')).toHaveTextContent('7');
    expect(screen.queryByTestId('dashboard-count-roles')).toBeNull();
    expect(screen.queryByText('角色', { selector: '.ant-statistic-title' })).toBeNull();
    expect(screen.getByText('10.0.0.8')).toBeInTheDocument();
    expect(screen.getByText('密码')).toBeInTheDocument();
  });

  it('charts the sign-ins per day and the users per department, named in the current language', async () => {
    await renderPage(<WelcomePage />);
    expect(await screen.findByTestId('dashboard-chart-signins')).toHaveTextContent('11-19=0 11-20=3 / 登录次数');
    expect(await screen.findByTestId('dashboard-chart-depts')).toHaveTextContent('研发部=9 未分配部门=3 / 用户数');
    expect(screen.getByRole('img', { name: '各部门用户数图表' })).toBeInTheDocument();
    await act(() => applyLanguage('en'));
    expect(screen.getByTestId('dashboard-chart-depts')).toHaveTextContent('研发部=9 No department=3 / Users');
    expect(screen.getByTestId('dashboard-chart-signins')).toHaveTextContent('/ Sign-ins');
  });

  it('says so when the figures may not be viewed, and still greets', async () => {
    serveApi(() => ({ status: 403, data: '没有权限' }));
    await renderPage(<WelcomePage />);
    expect(await screen.findByTestId('dashboard-no-access')).toHaveTextContent('您暂无查看工作台数据的权限');
    expect(screen.getByTestId('welcome-greeting')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-chart-signins')).toBeNull();
  });
});
