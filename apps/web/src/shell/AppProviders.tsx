import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useLocaleStore } from '../i18n/locale';

/** Spec 000 §9: default theme colour. */
export const PRIMARY_COLOR = '#409EFF';

/**
 * What every screen needs: theme and antd locale. antd's App (message, modal) and the query
 * client are mounted by the shell layout, keeping them off the sign-in page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: PRIMARY_COLOR, borderRadius: 4 } }}>
      {children}
    </ConfigProvider>
  );
}
