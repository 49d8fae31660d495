import { Button, Divider, Drawer, Radio, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShellFlag, useIsMobile, useShellSettings } from '../settings';
import { BrandColorPicker, ThemePicker } from '../theme/ThemePicker';

/** The settings drawer's switches, in its order (navigation has its own control). */
const SWITCHES = [
  'showTags',
  'showCollapse',
  'showSearch',
  'showFullscreen',
  'showTheme',
  'showColor',
  'showTopMenu',
  'showFeedback',
  'showDebug',
  'showLock',
] as const satisfies readonly ShellFlag[];

function FlagSwitch({ flag }: { flag: ShellFlag }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const value = useShellSettings((s) => s[flag]);
  const setFlag = useShellSettings((s) => s.setFlag);
  return (
    <div className="settings-row">
      <label htmlFor={id}>{t(`look.flags.${flag}`)}</label>
      <Switch id={id} size="small" checked={value} onChange={(checked) => setFlag(flag, checked)} data-testid={`setting-${flag}`} />
    </div>
  );
}

/** Layout, theme and the shell's optional controls; every change applies at once and is kept. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const mobile = useIsMobile();
  const horizontal = useShellSettings((s) => s.horizontal);
  const setFlag = useShellSettings((s) => s.setFlag);
  const resetLook = useShellSettings((s) => s.resetLook);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('look.title')}
      placement="right"
      size={mobile ? 320 : 360}
      className="settings-drawer"
      closable={{ 'aria-label': t('look.close') }}
      data-testid="settings-drawer"
      footer={
        <Button onClick={resetLook} data-testid="settings-reset">
          {t('look.reset')}
        </Button>
      }
    >
      <h3 className="settings-heading">{t('look.navigation')}</h3>
      <Radio.Group
        value={horizontal ? 'horizontal' : 'vertical'}
        onChange={(event) => setFlag('horizontal', event.target.value === 'horizontal')}
        optionType="button"
        aria-label={t('look.navigation')}
        options={[
          { value: 'vertical', label: <span data-testid="setting-vertical">{t('look.vertical')}</span> },
          { value: 'horizontal', label: <span data-testid="setting-horizontal">{t('look.horizontal')}</span> },
        ]}
      />
      <Divider />
      <h3 className="settings-heading">{t('look.theme')}</h3>
      <ThemePicker />
      <Divider />
      <div className="settings-row">
        <h3 className="settings-heading">{t('look.color')}</h3>
        <BrandColorPicker showText testId="drawer-color-picker" />
      </div>
      <p className="settings-note">{t('look.colorNote')}</p>
      <Divider />
      <h3 className="settings-heading">{t('look.display')}</h3>
      {SWITCHES.map((flag) => (
        <FlagSwitch key={flag} flag={flag} />
      ))}
    </Drawer>
  );
}
