import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { useLocaleStore } from '../i18n/locale';

/**
 * Spec 000 §9 names #409EFF as the default theme colour, but white text on it (primary buttons,
 * the selected menu item) and it as text on white (links, the active tab) reach only 2.8:1,
 * below WCAG AA's 4.5:1. The console uses the same hue darkened to 5.2:1.
 */
export const PRIMARY_COLOR = '#1E6BCC';
/** antd's red and secondary grey are 3.3:1 on white; these reach AA. */
const ERROR_COLOR = '#CF1322';
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';

const theme = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    // Hover and press darken rather than lighten, so white text keeps its contrast under the pointer.
    colorPrimaryHover: '#1859AB',
    colorPrimaryActive: '#134A8F',
    colorLink: PRIMARY_COLOR,
    colorLinkHover: '#1859AB',
    colorLinkActive: '#134A8F',
    colorInfo: PRIMARY_COLOR,
    colorError: ERROR_COLOR,
    colorErrorHover: '#A8071A',
    colorErrorActive: '#820014',
    colorTextSecondary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // antd's placeholder grey (0.25) is 1.9:1; select placeholders are read as text, so they reach AA too.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 4,
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** WCAG 2.3.3: a user who asks the system for less motion gets dialogs and menus without animation. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
}

/**
 * What every screen needs: theme and antd locale. antd's App (message, modal) and the query
 * client are mounted by the shell layout, keeping them off the sign-in page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(() => (reducedMotion ? { token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale} theme={themed}>
      {children}
    </ConfigProvider>
  );
}
