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

  it('the dark theme darkens the pages too, and every text on them still reaches AA', () => {
    /** An rgba() text colour as it shows over an opaque background. */
    const over = (color: string, background: string) => {
      const rgba = /rgba\((\d+), (\d+), (\d+), ([\d.]+)\)/.exec(color);
      if (!rgba) return color;
      const [r, g, b, a] = rgba.slice(1).map(Number);
      const base = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
      return `#${[r, g, b]
        .map((v, i) =>
          Math.round(v * a + base[i] * (1 - a))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    };
    for (const picked of [DEFAULT_COLOR, '#FFB800', '#1E6BCC', '#722ED1', '#000080']) {
      const page = resolveTheme('dark', picked).content;
      expect(page.dark).toBe(true);
      // antd's dark surfaces: the container, an elevated panel (dropdowns, dialogs), and a selected row.
      for (const surface of ['#141414', '#1F1F1F', page.brandTint, page.brandTintHover]) {
        for (const [what, text] of [
          ['link', page.brand],
          ['link under the pointer', page.brandHover],
          ['text', page.text],
          ['secondary text', page.textSecondary],
          ['placeholder', page.placeholder],
          ['error', page.error],
        ]) {
          expect(contrast(over(text, surface), surface), `${picked}: ${what} on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
      for (const fill of [page.brand, page.brandHover, page.brandActive, page.error]) expect(contrast(page.onBrand, fill)).toBeGreaterThanOrEqual(AA);
      const config = antdTheme(resolveTheme('dark', picked), false);
      expect(config.algorithm).toBeDefined();
      expect(config.token?.colorPrimary).toBe(page.brand);
      expect(config.components?.Button?.primaryColor).toBe(page.onBrand);
      expect(cssVariables(resolveTheme('dark', picked))['--macro-surface']).toBe('#141414');
    }
    // The other themes keep light pages.
    for (const name of THEME_NAMES.filter((n) => n !== 'dark')) {
      expect(resolveTheme(name, DEFAULT_COLOR).content.dark).toBe(false);
      expect(antdTheme(resolveTheme(name, DEFAULT_COLOR), false).algorithm).toBeUndefined();
    }
  });

  it('falls back to the default theme for an unknown name', () => {
    expect(resolveTheme('nope' as never, DEFAULT_COLOR).name).toBe('default');
  });
});
