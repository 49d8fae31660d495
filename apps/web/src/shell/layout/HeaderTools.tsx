import { FullscreenExitOutlined, FullscreenOutlined, SettingOutlined, SkinOutlined } from '@ant-design/icons';
import { Button, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useIsMobile, useShellSettings } from '../settings';
import { ColorTrigger } from '../theme/ColorTrigger';

// The pickers (antd's colour picker among them) and the drawer load after the page, or when asked for.
const ThemePicker = lazy(() => import('../theme/ThemePicker').then((m) => ({ default: m.ThemePicker })));
const BrandColorPicker = lazy(() => import('../theme/ThemePicker').then((m) => ({ default: m.BrandColorPicker })));
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

function useFullscreen(): [boolean, () => void] {
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [fullscreen, toggle];
}

/** The top bar's look controls: fullscreen, theme, colour (each as the settings drawer says) and the drawer's own button. */
export function HeaderTools() {
  const { t } = useTranslation('shell');
  const mobile = useIsMobile();
  const showFullscreen = useShellSettings((s) => s.showFullscreen);
  const showTheme = useShellSettings((s) => s.showTheme);
  const showColor = useShellSettings((s) => s.showColor);
  const color = useShellSettings((s) => s.color);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  // The drawer is built the first time it is asked for.
  const drawer = useOpenedOnce();

  return (
    <>
      {showFullscreen && !mobile ? (
        <Tooltip title={t(fullscreen ? 'look.exitFullscreen' : 'look.fullscreen')}>
          <Button
            type="text"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggleFullscreen}
            aria-label={t(fullscreen ? 'look.exitFullscreen' : 'look.fullscreen')}
            data-testid="fullscreen-toggle"
          />
        </Tooltip>
      ) : null}
      {showTheme && !mobile ? (
        <Popover
          content={
            <Suspense fallback={<Spin size="small" />}>
              <ThemePicker />
            </Suspense>
          }
          title={t('look.theme')}
          trigger="click"
          placement="bottomRight"
        >
          <Button type="text" icon={<SkinOutlined />} aria-label={t('look.theme')} data-testid="theme-button" />
        </Popover>
      ) : null}
      {showColor && !mobile ? (
        <Suspense fallback={<ColorTrigger color={color} />}>
          <BrandColorPicker />
        </Suspense>
      ) : null}
      <Button type="text" icon={<SettingOutlined />} onClick={drawer.show} aria-label={t('look.title')} data-testid="settings-button" />
      {drawer.mounted ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={drawer.open} onClose={drawer.hide} />
        </Suspense>
      ) : null}
    </>
  );
}
