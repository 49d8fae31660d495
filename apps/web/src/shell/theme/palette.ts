import type { ThemeConfig } from 'antd';
import { brandShades } from './contrast';
import { BRAND, BRAND_TINT, type ShellTheme, THEMES, type ThemeName } from './themes';

/** A theme with the brand colour filled in: every value is a concrete colour. */
export type ResolvedTheme = ShellTheme & { brand: string; brandHover: string; brandActive: string; brandTint: string; brandTintHover: string };

export function resolveTheme(name: ThemeName, picked: string): ResolvedTheme {
  const theme = THEMES[name] ?? THEMES.default;
  const shades = brandShades(picked);
  const paint = (value: string) => (value === BRAND ? shades.base : value === BRAND_TINT ? shades.tintBg : value);
  return {
    ...theme,
    selectedBg: paint(theme.selectedBg),
    selectedText: paint(theme.selectedText),
    activeTabBg: paint(theme.activeTabBg),
    activeTabText: paint(theme.activeTabText),
    brand: shades.base,
    brandHover: shades.hover,
    brandActive: shades.active,
    brandTint: shades.tintBg,
    brandTintHover: shades.tintHoverBg,
  };
}

/** antd's red and secondary grey are 3.3:1 on white; these reach AA. */
const ERROR_COLOR = '#CF1322';
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';

/** Shade 7 of antd's green, cyan, lime, gold and orange, darkened until it reads (4.5:1) on shade 1. */
const PRESET_TAG_TEXT = { green7: '#237804', cyan7: '#006D75', lime7: '#3F6600', gold7: '#874D00', orange7: '#873800' };

/** antd tokens: the brand colour for buttons, links and focus; the theme's chrome for layout and menus. */
export function antdTheme(theme: ResolvedTheme, reducedMotion: boolean): ThemeConfig {
  return {
    token: {
      colorPrimary: theme.brand,
      // Hover and press darken rather than lighten, so white text keeps its contrast under the pointer.
      colorPrimaryHover: theme.brandHover,
      colorPrimaryActive: theme.brandActive,
      colorLink: theme.brand,
      colorLinkHover: theme.brandHover,
      colorLinkActive: theme.brandActive,
      colorInfo: theme.brand,
      colorError: ERROR_COLOR,
      colorErrorHover: '#A8071A',
      colorErrorActive: '#820014',
      colorTextSecondary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      // antd's placeholder grey (0.25) is 1.9:1; select placeholders are read as text, so they reach AA too.
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
      borderRadius: theme.radius,
      ...(reducedMotion ? { motion: false } : {}),
    },
    components: {
      // antd tints selected rows from its own palette, where links fall below AA; ours keep it.
      Table: { rowSelectedBg: theme.brandTint, rowSelectedHoverBg: theme.brandTintHover },
      // Preset tags write in shade 7 of their colour on shade 1; for these hues that is below AA.
      Tag: PRESET_TAG_TEXT,
      // Description labels are antd's tertiary grey (2.9:1); they are read, so they reach AA.
      Descriptions: { labelColor: SECONDARY_TEXT },
      Layout: { siderBg: theme.siderBg, headerBg: theme.headerBg, headerColor: theme.headerText, bodyBg: theme.bodyBg },
      // The sidebar menu is antd's "dark" menu painted with the theme's colours (light ones too).
      Menu: {
        darkItemBg: theme.siderBg,
        darkSubMenuItemBg: theme.siderBg,
        darkPopupBg: theme.siderBg,
        darkItemColor: theme.siderText,
        darkItemHoverColor: theme.siderText,
        darkItemHoverBg: 'transparent',
        darkItemSelectedBg: theme.selectedBg,
        darkItemSelectedColor: theme.selectedText,
        darkGroupTitleColor: theme.siderText,
      },
    },
  };
}

/** The same menu, painted for the header (horizontal navigation, the top menu). */
export function headerMenuTheme(theme: ResolvedTheme): ThemeConfig {
  return {
    components: {
      Menu: {
        darkItemBg: theme.headerBg,
        darkSubMenuItemBg: theme.siderBg,
        darkPopupBg: theme.siderBg,
        darkItemColor: theme.headerText,
        darkItemHoverColor: theme.headerText,
        darkItemHoverBg: 'transparent',
        darkItemSelectedBg: theme.selectedBg,
        darkItemSelectedColor: theme.selectedText,
      },
    },
  };
}

/** CSS variables the shell's own styles read (shell.css, global.css). */
export function cssVariables(theme: ResolvedTheme): Record<string, string> {
  return {
    '--macro-primary': theme.brand,
    '--macro-primary-tint': theme.brandTint,
    '--shell-header-bg': theme.headerBg,
    '--shell-header-text': theme.headerText,
    '--shell-sider-bg': theme.siderBg,
    '--shell-sider-text': theme.siderText,
    '--shell-logo-bg': theme.logoBg,
    '--shell-logo-text': theme.logoText,
    '--shell-tabs-bg': theme.tabsBg,
    '--shell-tab-bg': theme.tabBg,
    '--shell-tab-text': theme.tabText,
    '--shell-tab-border': theme.tabBorder,
    '--shell-tab-active-bg': theme.activeTabBg,
    '--shell-tab-active-text': theme.activeTabText,
    // A tinted active tab is outlined in the brand colour; a solid one in its own colour.
    '--shell-tab-active-border': theme.activeTabBg === theme.brandTint ? theme.brand : theme.activeTabBg,
    '--shell-body-bg': theme.bodyBg,
    '--shell-radius': `${theme.radius}px`,
  };
}
