import { type ThemeConfig, theme as antdThemes } from 'antd';
import { brandShades, DARK_SURFACE, darkBrandShades } from './contrast';
import { BRAND, BRAND_TINT, type ShellTheme, THEMES, type ThemeName } from './themes';

/** The colours of the pages themselves (cards, lists, forms), light or dark. */
export interface ContentPalette {
  dark: boolean;
  /** The brand colour as text and as the fill of primary buttons on the pages, and its shades. */
  brand: string;
  brandHover: string;
  brandActive: string;
  /** A selected row and that row under the pointer. */
  brandTint: string;
  brandTintHover: string;
  /** Text on primary and danger buttons. */
  onBrand: string;
  surface: string;
  text: string;
  textSecondary: string;
  placeholder: string;
  error: string;
  fill: string;
  border: string;
}

/** A theme with the brand colour filled in: every value is a concrete colour. */
export type ResolvedTheme = ShellTheme & {
  brand: string;
  brandHover: string;
  brandActive: string;
  brandTint: string;
  brandTintHover: string;
  content: ContentPalette;
};

/** antd's red and secondary grey are 3.3:1 on white; these reach AA. */
const ERROR_COLOR = '#CF1322';
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';

/** The pages' colours: antd's light ones made to reach AA, or dark ones that reach it on antd's dark surfaces. */
function contentPalette(dark: boolean, picked: string): ContentPalette {
  if (dark) {
    const shades = darkBrandShades(picked);
    return {
      dark,
      brand: shades.base,
      brandHover: shades.hover,
      brandActive: shades.active,
      brandTint: shades.tintBg,
      brandTintHover: shades.tintHoverBg,
      onBrand: DARK_SURFACE,
      surface: DARK_SURFACE,
      text: 'rgba(255, 255, 255, 0.88)',
      textSecondary: 'rgba(255, 255, 255, 0.68)',
      placeholder: 'rgba(255, 255, 255, 0.6)',
      error: '#FF7875',
      fill: 'rgba(255, 255, 255, 0.06)',
      border: '#424242',
    };
  }
  const shades = brandShades(picked);
  return {
    dark,
    brand: shades.base,
    brandHover: shades.hover,
    brandActive: shades.active,
    brandTint: shades.tintBg,
    brandTintHover: shades.tintHoverBg,
    onBrand: '#FFFFFF',
    surface: '#FFFFFF',
    text: 'rgba(0, 0, 0, 0.88)',
    textSecondary: SECONDARY_TEXT,
    // antd's placeholder grey (0.25) is 1.9:1; select placeholders are read as text, so they reach AA too.
    placeholder: 'rgba(0, 0, 0, 0.58)',
    error: ERROR_COLOR,
    fill: 'rgba(0, 0, 0, 0.04)',
    border: '#D9D9D9',
  };
}

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
    content: contentPalette(theme.pages === 'dark', picked),
  };
}

/** Shade 7 of antd's green, cyan, lime, gold and orange, darkened until it reads (4.5:1) on shade 1. */
const PRESET_TAG_TEXT = { green7: '#237804', cyan7: '#006D75', lime7: '#3F6600', gold7: '#874D00', orange7: '#873800' };

/** antd tokens: the brand colour for buttons, links and focus; the theme's chrome for layout and menus. */
export function antdTheme(theme: ResolvedTheme, reducedMotion: boolean): ThemeConfig {
  const page = theme.content;
  return {
    ...(page.dark ? { algorithm: antdThemes.darkAlgorithm } : {}),
    token: {
      colorPrimary: page.brand,
      // Hover and press move away from the surface, so text on them and they as text keep their contrast.
      colorPrimaryHover: page.brandHover,
      colorPrimaryActive: page.brandActive,
      colorLink: page.brand,
      colorLinkHover: page.brandHover,
      colorLinkActive: page.brandActive,
      colorInfo: page.brand,
      colorError: page.error,
      ...(page.dark ? {} : { colorErrorHover: '#A8071A', colorErrorActive: '#820014' }),
      colorTextSecondary: page.textSecondary,
      colorTextDescription: page.textSecondary,
      colorTextPlaceholder: page.placeholder,
      borderRadius: theme.radius,
      ...(reducedMotion ? { motion: false } : {}),
    },
    components: {
      // On a dark page the brand colour is light: the text on primary and danger buttons is dark.
      Button: { primaryColor: page.onBrand, dangerColor: page.onBrand },
      // antd tints selected rows from its own palette, where links fall below AA; ours keep it.
      Table: { rowSelectedBg: page.brandTint, rowSelectedHoverBg: page.brandTintHover },
      // Preset tags write in shade 7 of their colour on shade 1; for these hues that is below AA.
      ...(page.dark ? {} : { Tag: PRESET_TAG_TEXT }),
      // Description labels are antd's tertiary grey (2.9:1); they are read, so they reach AA.
      Descriptions: { labelColor: page.textSecondary },
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
    // The pages' own styles (lists, the home page, pickers) read these rather than fixed colours.
    '--macro-content-primary': theme.content.brand,
    '--macro-content-tint': theme.content.brandTint,
    '--macro-content-tint-hover': theme.content.brandTintHover,
    '--macro-surface': theme.content.surface,
    '--macro-text': theme.content.text,
    '--macro-text-secondary': theme.content.textSecondary,
    '--macro-fill': theme.content.fill,
    '--macro-border': theme.content.border,
    '--shell-radius': `${theme.radius}px`,
  };
}
