import { ConfigProvider } from 'antd';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { usePrefersReducedMotion } from '../components/reducedMotion';
import { useLocaleStore } from '../i18n/locale';
import { useShellSettings } from './settings';
import { antdTheme, cssVariables, resolveTheme } from './theme/palette';

const BUTTON = { autoInsertSpace: false } as const;

/**
 * What every screen needs: theme and antd locale. antd's App (message, modal) and the query
 * client are mounted by the shell layout, keeping them off the sign-in page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const reducedMotion = usePrefersReducedMotion();
  const themeName = useShellSettings((s) => s.theme);
  const color = useShellSettings((s) => s.color);
  const resolved = useMemo(() => resolveTheme(themeName, color), [themeName, color]);
  const themed = useMemo(() => antdTheme(resolved, reducedMotion), [resolved, reducedMotion]);
  // The shell's own styles (header, sidebar, tab strip) read the theme from CSS variables.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolved.name;
    // Scroll bars and the browser's own controls follow the pages' colours.
    root.style.colorScheme = resolved.content.dark ? 'dark' : 'light';
    for (const [name, value] of Object.entries(cssVariables(resolved))) root.style.setProperty(name, value);
  }, [resolved]);
  return (
    // Two-character labels read as words (关闭, not 关 闭): antd's space between them is off.
    <ConfigProvider locale={antdLocale} theme={themed} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}
