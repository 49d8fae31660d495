import { DASHBOARD_ENDPOINTS } from '@macro/contract/dashboard';
import type { DesktopWidget } from '@macro/contract/desktop';
import { NOTICE_CATEGORY, NOTICE_ENDPOINTS } from '@macro/contract/notices';
import { WORKFLOW_TASK_ENDPOINTS } from '@macro/contract/workflow';
import { Alert, Button, Empty, List, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint';
import { ApiError } from '../../api/http';
import { useSession } from '../../session/store';
import { flatMenuLeaves, openMenuPath } from '../../shell/layout/menuTree';
import { taskLink } from '../tasks/public';
import { deptChartOption, LazyChart, signInChartOption } from './dashboardCharts';

/** The title a widget shows: its own, else its kind's (a count shows its figure's name). */
export function useWidgetTitle() {
  const { t } = useTranslation('desktop');
  return (widget: DesktopWidget) => {
    if (widget.title) return widget.title;
    if (widget.type === 'count' && widget.figure) return t(`figure.${widget.figure}`);
    if (widget.type === 'chart' && widget.chart) return t(`chart.${widget.chart}`);
    return t(`type.${widget.type}`);
  };
}

function NoAccess() {
  const { t } = useTranslation('desktop');
  return <Alert type="info" showIcon title={t('widget.noAccess')} />;
}

/** A query's loading, no-permission and failure states; `children` once there are data. */
function Loaded<T>({ query, children }: { query: { data?: T; isPending: boolean; error: Error | null }; children: (data: T) => React.ReactNode }) {
  const { t } = useTranslation('desktop');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.error instanceof ApiError && query.error.status === 403) return <NoAccess />;
  return <Alert type="error" showIcon title={t('widget.loadFailed')} />;
}

const useSummary = () => useEndpointQuery(DASHBOARD_ENDPOINTS.summary, {}, { retry: false, staleTime: 30_000 });

function CountWidget({ widget }: { widget: DesktopWidget }) {
  const summary = useSummary();
  return (
    <Loaded query={summary}>
      {(data) => {
        const value = widget.figure ? data.counts[widget.figure] : null;
        return value === null ? <NoAccess /> : <Statistic value={value} valueRender={(node) => <span data-testid={`widget-count-${widget.i}`}>{node}</span>} />;
      }}
    </Loaded>
  );
}

function ChartWidget({ widget, title }: { widget: DesktopWidget; title: string }) {
  const { t } = useTranslation('desktop');
  const summary = useSummary();
  const option = useMemo(() => {
    if (!summary.data) return null;
    const kind = widget.chartKind ?? (widget.chart === 'signInsByDay' ? 'line' : 'bar');
    return widget.chart === 'usersByDepartment' ? deptChartOption(summary.data, t, kind) : signInChartOption(summary.data, t, kind);
  }, [summary.data, widget.chart, widget.chartKind, t]);
  return (
    <Loaded query={summary}>{() => (option ? <LazyChart title={title} option={option} testId={`widget-chart-${widget.i}`} fill /> : <NoAccess />)}</Loaded>
  );
}

function TodoWidget({ widget }: { widget: DesktopWidget }) {
  const { t } = useTranslation('desktop');
  const navigate = useNavigate();
  const todo = useEndpointQuery(WORKFLOW_TASK_ENDPOINTS.todo, { query: { current: 1, size: widget.limit ?? 5 } }, { retry: false });
  return (
    <Loaded query={todo}>
      {(page) =>
        page.records.length ? (
          <List
            size="small"
            dataSource={page.records}
            data-testid={`widget-todo-${widget.i}`}
            renderItem={(task) => (
              <List.Item>
                <Button type="link" size="small" className="desktop-link" onClick={() => navigate(taskLink(task.taskId))}>
                  {task.title}
                </Button>
                <Typography.Text type="secondary">{task.nodeName}</Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noTodo')} />
        )
      }
    </Loaded>
  );
}

function NoticesWidget({ widget }: { widget: DesktopWidget }) {
  const { t } = useTranslation('desktop');
  const notices = useEndpointQuery(
    NOTICE_ENDPOINTS.inbox,
    { query: { category: NOTICE_CATEGORY.notice, current: 1, size: widget.limit ?? 5 } },
    { retry: false },
  );
  return (
    <Loaded query={notices}>
      {(page) =>
        page.records.length ? (
          <List
            size="small"
            dataSource={page.records}
            data-testid={`widget-notices-${widget.i}`}
            renderItem={(notice) => (
              <List.Item>
                <Typography.Text strong={!notice.read} ellipsis>
                  {notice.title}
                </Typography.Text>
                <Typography.Text type="secondary">{dayjs(notice.publishTime).format('MM-DD')}</Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noNotices')} />
        )
      }
    </Loaded>
  );
}

function ShortcutsWidget({ widget }: { widget: DesktopWidget }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const menus = useSession((s) => s.menus);
  // Only the viewer's own screens: a shortcut to a screen they cannot open is not shown.
  const leaves = useMemo(() => new Map(flatMenuLeaves(menus, i18n).map((leaf) => [leaf.path, leaf.label])), [menus, i18n]);
  const links = (widget.links ?? []).filter((path) => leaves.has(path));
  return links.length ? (
    <div className="desktop-shortcuts" data-testid={`widget-shortcuts-${widget.i}`}>
      {links.map((path) => (
        <Button key={path} onClick={() => openMenuPath(path, navigate)}>
          {leaves.get(path)}
        </Button>
      ))}
    </div>
  ) : (
    <NoAccess />
  );
}

/** What a widget shows, with the viewer's own permissions (the server decides what each figure is). */
export function WidgetBody({ widget, title, designing }: { widget: DesktopWidget; title: string; designing?: boolean }) {
  const { t } = useTranslation('desktop');
  switch (widget.type) {
    case 'count':
      return <CountWidget widget={widget} />;
    case 'chart':
      return <ChartWidget widget={widget} title={title} />;
    case 'todo':
      return <TodoWidget widget={widget} />;
    case 'notices':
      return <NoticesWidget widget={widget} />;
    case 'shortcuts':
      return <ShortcutsWidget widget={widget} />;
    case 'frame':
      // While designing, the page is named, not loaded: a live frame would swallow the drag.
      return designing ? (
        <Typography.Text type="secondary" className="desktop-frame-placeholder">
          {t('widget.frameAt', { url: widget.url })}
        </Typography.Text>
      ) : (
        <iframe
          src={widget.url}
          title={title}
          className="desktop-frame"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      );
  }
}
