import { Select, Space, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopWidget } from '@macro/contract/desktop';
import { TASKS_PATH } from '@macro/contract/workflow';
import { useHasMenu } from '../../session/store';
import { useChooseHome, useCurrentHome, useHomeChoices } from './api';
import { stackedHeight } from './grid';

// The grid and the widgets load with the first home page shown, never with the shell.
const DesktopView = lazy(() => import('./DesktopView').then((m) => ({ default: m.DesktopView })));
const WidgetCard = lazy(() => import('./DesktopView').then((m) => ({ default: m.WidgetCard })));

/** The to-do list the built-in home page leads with, for those who hold 我的任务. */
const TODO: DesktopWidget = { i: 'home-todo', type: 'todo', title: '', x: 0, y: 0, w: 12, h: 5, limit: 5 };

/**
 * The viewer's home page on the welcome page: their own choice, else the tenant's default
 * desktop, else `fallback` (the built-in dashboard) led by their to-do list; with the picker of
 * the home pages offered to them.
 */
export function HomePanel({ fallback }: { fallback: ReactNode }) {
  const { t } = useTranslation('desktop');
  const current = useCurrentHome();
  const choices = useHomeChoices();
  const choose = useChooseHome();
  const home = current.data;
  const hasTasks = useHasMenu(TASKS_PATH);
  const fallbackName = choices.data?.find((c) => c.isDefault)?.name ?? t('home.builtIn');
  const options = [{ value: 0, label: t('home.followDefault', { name: fallbackName }) }, ...(choices.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <>
      {choices.data?.length ? (
        <Space className="home-chooser" wrap>
          <Typography.Text id="home-chooser-label">{t('home.mine')}</Typography.Text>
          <Select
            aria-labelledby="home-chooser-label"
            value={home?.source === 'own' ? home.scheme?.id : 0}
            options={options}
            onChange={(id: number) => choose.mutate(id)}
            loading={choose.isPending}
            popupMatchSelectWidth={false}
            style={{ minWidth: 220 }}
            data-testid="home-chooser"
          />
        </Space>
      ) : null}
      {home?.scheme ? (
        <div className="home-desktop" data-testid="home-desktop" data-scheme={home.scheme.code}>
          <Suspense fallback={null}>
            <DesktopView content={home.scheme.content} />
          </Suspense>
        </div>
      ) : current.isPending ? null : (
        <>
          {hasTasks ? (
            <div className="home-desktop" style={{ height: stackedHeight(TODO.h) }} data-testid="home-todo">
              <Suspense fallback={null}>
                <WidgetCard widget={TODO} />
              </Suspense>
            </div>
          ) : null}
          {fallback}
        </>
      )}
    </>
  );
}
