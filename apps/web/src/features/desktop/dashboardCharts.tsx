import type { DashboardSummary } from '@macro/contract/dashboard';
import { Card, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './DashboardChart';

// echarts is large: it loads with the first chart, never with the shell.
const DashboardChart = lazy(() => import('./DashboardChart'));

const PRIMARY = '#409EFF';
export type ChartKind = 'line' | 'bar';

/** The caller's sign-ins per day (the welcome page's line, a desktop widget's line or bars). */
export function signInChartOption(summary: DashboardSummary, t: TFunction, kind: ChartKind = 'line'): ChartOption {
  const data = summary.signInsByDay.map((d) => d.count);
  const name = t('welcome:dashboard.signInSeries');
  return {
    grid: { left: 36, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: summary.signInsByDay.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      kind === 'line'
        ? { type: 'line', name, data, color: PRIMARY, areaStyle: { opacity: 0.15 } }
        : { type: 'bar', name, data, color: PRIMARY, barMaxWidth: 32 },
    ],
  };
}

/** Users per department, within the caller's data scope (null without user:view). */
export function deptChartOption(summary: DashboardSummary, t: TFunction, kind: ChartKind = 'bar'): ChartOption | null {
  if (!summary.usersByDepartment) return null;
  const data = summary.usersByDepartment.map((d) => d.count);
  const name = t('welcome:dashboard.deptSeries');
  return {
    grid: { left: 36, right: 16, top: 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: summary.usersByDepartment.map((d) => d.deptName || t('welcome:dashboard.noDept')),
      axisLabel: { interval: 0, rotate: 30, width: 80, overflow: 'truncate' },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [kind === 'line' ? { type: 'line', name, data, color: PRIMARY } : { type: 'bar', name, data, color: PRIMARY, barMaxWidth: 32 }],
  };
}

/** One chart, loaded with echarts on first use, labelled for screen readers. */
export function LazyChart({ title, option, testId, fill }: { title: string; option: ChartOption; testId: string; fill?: boolean }) {
  const { t } = useTranslation('welcome');
  return (
    <Suspense fallback={<Skeleton active />}>
      <DashboardChart
        option={option}
        label={t('dashboard.chartLabel', { title })}
        testId={testId}
        className={fill ? 'dashboard-chart dashboard-chart-fill' : undefined}
      />
    </Suspense>
  );
}

export function ChartCard({ title, option, testId }: { title: string; option: ChartOption; testId: string }) {
  return (
    <Card title={title} size="small">
      <LazyChart title={title} option={option} testId={testId} />
    </Card>
  );
}
