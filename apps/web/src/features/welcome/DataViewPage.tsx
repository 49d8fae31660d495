import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { DashboardPanel } from './WelcomePage';
import './welcome.css';

/** How often the data view asks for new figures: it is left open on a wall screen. */
const REFRESH_MS = 60_000;

/** The time, to the second, in its own component: the figures do not re-render with it. */
function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={now.toISOString()}>{now.format('YYYY-MM-DD HH:mm:ss')}</time>;
}

/**
 * Spec 000 §2 /dataView/view: the tenant's figures on a screen of their own, opened from the menu
 * in a new window, without the console's frame; refreshed every minute.
 */
export function DataViewPage() {
  const { t } = useTranslation('welcome');
  const info = useSession((s) => s.userInfo);
  const tenant = info?.tenantName ?? '';
  useEffect(() => {
    document.title = `${t('dataView.title')} - ${t('shell:title')}`;
  }, [t]);
  return (
    <main className="data-view" data-testid="data-view">
      <header className="data-view-header">
        <h1>{t('dataView.title')}</h1>
        <span className="data-view-tenant">{tenant}</span>
        <Clock />
      </header>
      <DashboardPanel refreshMs={REFRESH_MS} />
    </main>
  );
}
