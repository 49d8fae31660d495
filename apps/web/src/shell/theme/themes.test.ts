import { describe, expect, it } from 'vitest';
import { brandShades, contrast, readableOn } from './contrast';
import { antdTheme, cssVariables, resolveTheme } from './palette';
import { DEFAULT_COLOR, THEME_NAMES, THEMES } from './themes';

const WHITE = '#FFFFFF';
const AA = 4.5;

describe('contrast arithmetic', () => {
  it('measures the WCAG ratio: black on white is 21, a colour on itself 1', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#409EFF', '#409EFF')).toBe(1);
    // The spec's default colour fails AA for text on white and white on it.
    expect(contrast('#409EFF', WHITE)).toBeLessThan(3);
  });

  it('darkens a colour that fails until it reaches the ratio, and leaves one that passes', () => {
    const fixed = readableOn('#409EFF');
    expect(contrast(fixed, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(fixed).not.toBe('#409EFF');
    expect(readableOn('#303133')).toBe('#303133');
    // Garbage falls back to the default colour's readable shade.
    expect(readableOn('not a colour')).toBe(readableOn('#409EFF'));
  });

  it('gives hover and press shades darker than the base, so white text on them stays readable', () => {
    for (const picked of [DEFAULT_COLOR, '#FFB800', '#1DC779', '#FF5C00', '#19BBB0', '#E6F7FF']) {
      const shades = brandShades(picked);
      for (const shade of [shades.base, shades.hover, shades.active]) expect(contrast(shade, WHITE)).toBeGreaterThanOrEqual(AA);
      expect(contrast(shades.base, shades.tintBg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(shades.base, shades.tintHoverBg)).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe('themes', () => {
  it('has the 13 themes of the spec, each looking different', () => {
    expect(THEME_NAMES).toHaveLength(13);
    const looks = THEME_NAMES.map((name) => `${THEMES[name].headerBg}/${THEMES[name].siderBg}`);
    expect(new Set(looks).size).toBe(13);
  });

  for (const name of THEME_NAMES) {
    it(`${name}: every text on the shell's chrome reaches AA, with the default and with a light picked colour`, () => {
      for (const picked of [DEFAULT_COLOR, '#FFB800']) {
        const theme = resolveTheme(name, picked);
        const pairs: [string, string, string][] = [
          ['header', theme.headerText, theme.headerBg],
          ['sidebar', theme.siderText, theme.siderBg],
          ['selected menu item', theme.selectedText, theme.selectedBg],
          ['logo', theme.logoText, theme.logoBg],
          ['tab', theme.tabText, theme.tabBg],
          ['tab strip buttons', theme.tabText, theme.tabsBg],
          ['active tab', theme.activeTabText, theme.activeTabBg],
          ['primary button', WHITE, theme.brand],
          ['link', theme.brand, WHITE],
        ];
        for (const [what, text, background] of pairs) {
          expect(contrast(text, background), `${name} ${what} ${text} on ${background}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });
  }

  it('feeds the picked colour (made readable) to antd and to the shell styles', () => {
    const theme = resolveTheme('default', DEFAULT_COLOR);
    const config = antdTheme(theme, false);
    expect(config.token?.colorPrimary).toBe(theme.brand);
    expect(config.token?.colorPrimary).not.toBe(DEFAULT_COLOR);
    expect(config.components?.Menu?.darkItemSelectedBg).toBe(theme.brand);
    expect(antdTheme(theme, true).token?.motion).toBe(false);
    const vars = cssVariables(resolveTheme('dark', '#FF5C00'));
    expect(vars['--shell-header-bg']).toBe('#191A23');
    expect(vars['--macro-primary']).toBe(brandShades('#FF5C00').base);
  });

  it('falls back to the default theme for an unknown name', () => {
    expect(resolveTheme('nope' as never, DEFAULT_COLOR).name).toBe('default');
  });
});
