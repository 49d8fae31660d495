/**
 * The console's 13 themes. A theme dresses the shell's chrome (header, sidebar, logo, tab
 * strip, corner radius); the brand colour (the colour picker, default #409EFF) drives antd's
 * primary colour in every theme. Colours named BRAND / BRAND_TINT follow the picked colour after
 * it has been darkened to reach WCAG AA (see contrast.ts); every text/background pair here is
 * checked against AA by themes.test.ts.
 */

export const THEME_NAMES = ['default', 'white', 'dark', 'hey', 'star', 'vip', 'bsf', 'iview', 'cool', 'd2', 'renren', 'beautiful', 'mac-os'] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export const DEFAULT_THEME: ThemeName = 'default';
/** Spec 000 §9: default theme colour. */
export const DEFAULT_COLOR = '#409EFF';

/** Stands for the brand colour (as used on screen) in a theme's palette. */
export const BRAND = 'brand';
/** Stands for a light tint of the brand colour. */
export const BRAND_TINT = 'brand-tint';
type Paint = string;

export interface ShellTheme {
  name: ThemeName;
  /** Swatch shown in the picker (header, sidebar). */
  headerBg: string;
  headerText: string;
  siderBg: string;
  siderText: string;
  /** Selected menu item. */
  selectedBg: Paint;
  selectedText: Paint;
  logoBg: string;
  logoText: string;
  tabsBg: string;
  tabBg: string;
  tabText: string;
  tabBorder: string;
  activeTabBg: Paint;
  activeTabText: Paint;
  /** Below the page cards. */
  bodyBg: string;
  radius: number;
  /** The pages' own colours: light (white cards, dark text) unless the theme darkens them too. */
  pages?: 'dark';
}

const WHITE = '#FFFFFF';
const INK = '#303133';

const lightTabs = { tabsBg: WHITE, tabBg: '#FAFAFA', tabText: '#4A4D55', tabBorder: '#E5E6EB', activeTabBg: BRAND_TINT, activeTabText: BRAND };

export const THEMES: Record<ThemeName, ShellTheme> = {
  default: {
    name: 'default',
    headerBg: WHITE,
    headerText: INK,
    siderBg: '#20222A',
    siderText: '#C0C4CC',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#20222A',
    logoText: WHITE,
    ...lightTabs,
    bodyBg: '#F0F2F5',
    radius: 4,
  },
  white: {
    name: 'white',
    headerBg: WHITE,
    headerText: INK,
    siderBg: WHITE,
    siderText: INK,
    selectedBg: BRAND_TINT,
    selectedText: BRAND,
    logoBg: WHITE,
    logoText: INK,
    ...lightTabs,
    bodyBg: '#F5F7FA',
    radius: 4,
  },
  dark: {
    name: 'dark',
    headerBg: '#191A23',
    headerText: '#E5E6EB',
    siderBg: '#22232E',
    siderText: '#B8BCC6',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#191A23',
    logoText: WHITE,
    tabsBg: '#2B2C38',
    tabBg: '#363745',
    tabText: '#D5D7DE',
    tabBorder: '#454657',
    activeTabBg: BRAND,
    activeTabText: WHITE,
    bodyBg: '#101014',
    radius: 4,
    pages: 'dark',
  },
  hey: {
    name: 'hey',
    headerBg: '#2E3A59',
    headerText: WHITE,
    siderBg: WHITE,
    siderText: '#2E3A59',
    selectedBg: BRAND_TINT,
    selectedText: BRAND,
    logoBg: '#2E3A59',
    logoText: WHITE,
    ...lightTabs,
    bodyBg: '#F3F5F9',
    radius: 8,
  },
  star: {
    name: 'star',
    headerBg: '#1B1340',
    headerText: '#F1EDFF',
    siderBg: '#140E33',
    siderText: '#C9C1EC',
    selectedBg: '#6B3FD0',
    selectedText: WHITE,
    logoBg: '#0E0A26',
    logoText: '#F1EDFF',
    tabsBg: '#F4F1FD',
    tabBg: WHITE,
    tabText: '#3A2F63',
    tabBorder: '#DCD3F7',
    activeTabBg: '#6B3FD0',
    activeTabText: WHITE,
    bodyBg: '#EEEAF9',
    radius: 6,
  },
  vip: {
    name: 'vip',
    headerBg: '#1C1C1C',
    headerText: '#E8C77A',
    siderBg: '#262626',
    siderText: '#D9D9D9',
    selectedBg: '#C9A55C',
    selectedText: '#1C1C1C',
    logoBg: '#1C1C1C',
    logoText: '#E8C77A',
    tabsBg: '#2F2F2F',
    tabBg: '#3A3A3A',
    tabText: '#E6E6E6',
    tabBorder: '#4A4A4A',
    activeTabBg: '#C9A55C',
    activeTabText: '#1C1C1C',
    bodyBg: '#EDEBE6',
    radius: 2,
  },
  bsf: {
    name: 'bsf',
    headerBg: '#0B3C8C',
    headerText: WHITE,
    siderBg: '#0E2F66',
    siderText: '#CFE0FF',
    selectedBg: '#1565C0',
    selectedText: WHITE,
    logoBg: '#0A2A5C',
    logoText: WHITE,
    tabsBg: '#E8F0FD',
    tabBg: WHITE,
    tabText: '#0E2F66',
    tabBorder: '#C5D7F5',
    activeTabBg: '#0B3C8C',
    activeTabText: WHITE,
    bodyBg: '#EAF1FB',
    radius: 2,
  },
  iview: {
    name: 'iview',
    headerBg: '#F8F8F9',
    headerText: '#17233D',
    siderBg: '#515A6E',
    siderText: '#E8EAEC',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#464C5B',
    logoText: WHITE,
    ...lightTabs,
    tabsBg: '#F0F0F0',
    bodyBg: '#F5F7F9',
    radius: 4,
  },
  cool: {
    name: 'cool',
    headerBg: '#00796B',
    headerText: WHITE,
    siderBg: '#004D40',
    siderText: '#D5EEE9',
    selectedBg: '#B2DFDB',
    selectedText: '#00332B',
    logoBg: '#00695C',
    logoText: WHITE,
    tabsBg: '#E0F2F1',
    tabBg: WHITE,
    tabText: '#00453A',
    tabBorder: '#B2DFDB',
    activeTabBg: '#00695C',
    activeTabText: WHITE,
    bodyBg: '#ECF6F5',
    radius: 12,
  },
  d2: {
    name: 'd2',
    headerBg: '#EBF1F6',
    headerText: '#2F3D4F',
    siderBg: '#F4F7FB',
    siderText: '#2F3D4F',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#EBF1F6',
    logoText: '#2F3D4F',
    ...lightTabs,
    tabsBg: '#EBF1F6',
    bodyBg: '#F4F7FB',
    radius: 4,
  },
  renren: {
    name: 'renren',
    headerBg: '#2F6FC9',
    headerText: WHITE,
    siderBg: '#263238',
    siderText: '#CFD8DC',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#1F6ABF',
    logoText: WHITE,
    ...lightTabs,
    bodyBg: '#F1F4F5',
    radius: 3,
  },
  beautiful: {
    name: 'beautiful',
    headerBg: '#6A3093',
    headerText: WHITE,
    siderBg: '#2D1B3D',
    siderText: '#E6D5F2',
    selectedBg: '#8E2DE2',
    selectedText: WHITE,
    logoBg: '#4A2266',
    logoText: WHITE,
    tabsBg: '#FBF5FF',
    tabBg: WHITE,
    tabText: '#4A2266',
    tabBorder: '#E6D5F2',
    activeTabBg: '#6A3093',
    activeTabText: WHITE,
    bodyBg: '#F6F0FA',
    radius: 10,
  },
  'mac-os': {
    name: 'mac-os',
    headerBg: '#ECECEC',
    headerText: '#1D1D1F',
    siderBg: '#E3E3E6',
    siderText: '#1D1D1F',
    selectedBg: BRAND,
    selectedText: WHITE,
    logoBg: '#E3E3E6',
    logoText: '#1D1D1F',
    tabsBg: '#F5F5F7',
    tabBg: WHITE,
    tabText: '#1D1D1F',
    tabBorder: '#D2D2D7',
    activeTabBg: BRAND,
    activeTabText: WHITE,
    bodyBg: '#F5F5F7',
    radius: 10,
  },
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}
