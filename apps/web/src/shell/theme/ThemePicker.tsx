import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellSettings } from '../settings';
import { ColorTrigger } from './ColorTrigger';
import { DEFAULT_COLOR, THEME_NAMES, THEMES } from './themes';
import './theme.css';

/** The 13 themes as a group of radio buttons, each with a small picture of the shell. */
export function ThemePicker() {
  const { t } = useTranslation('shell');
  const current = useShellSettings((s) => s.theme);
  const setTheme = useShellSettings((s) => s.setTheme);
  return (
    <div role="radiogroup" aria-label={t('look.theme')} className="theme-picker" data-testid="theme-picker">
      {THEME_NAMES.map((name) => {
        const theme = THEMES[name];
        const checked = name === current;
        return (
          <label key={name} className={checked ? 'theme-option theme-option-checked' : 'theme-option'}>
            <input
              type="radio"
              name="shell-theme"
              value={name}
              checked={checked}
              onChange={() => setTheme(name)}
              className="theme-option-input"
              data-testid={`theme-${name}`}
            />
            <span className="theme-swatch" aria-hidden="true" style={{ background: theme.bodyBg }}>
              <span className="theme-swatch-sider" style={{ background: theme.siderBg }} />
              <span className="theme-swatch-header" style={{ background: theme.headerBg }} />
              {checked ? <CheckOutlined className="theme-swatch-check" /> : null}
            </span>
            <span className="theme-option-name">{t(`look.themes.${name}`)}</span>
          </label>
        );
      })}
    </div>
  );
}

/** The brand colour; the console darkens it on screen where text needs contrast. */
export function BrandColorPicker({ showText = false, testId = 'color-picker' }: { showText?: boolean; testId?: string }) {
  const { t } = useTranslation('shell');
  const color = useShellSettings((s) => s.color);
  const setColor = useShellSettings((s) => s.setColor);
  return (
    <ColorPicker
      value={color}
      disabledAlpha
      showText={showText}
      presets={[
        {
          label: t('look.presets'),
          colors: [DEFAULT_COLOR, '#CA0C16', '#FF5C00', '#FFB800', '#1DC779', '#19BBB0', '#7C4DFF', '#2F54EB', '#303133'],
        },
      ]}
      onChangeComplete={(value) => setColor(value.toHexString())}
      aria-label={t('look.color')}
    >
      <ColorTrigger color={color} showText={showText} testId={testId} />
    </ColorPicker>
  );
}
