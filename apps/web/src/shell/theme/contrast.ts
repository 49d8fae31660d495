/**
 * WCAG 2 contrast arithmetic. Spec 000 §9 keeps #409EFF as the default theme colour, but white on
 * it (primary buttons, the selected menu item) and it as text on white (links, the active tab)
 * reach only 2.8:1; AA asks 4.5:1. Whatever colour a user picks, the console keeps its hue and
 * darkens it until text on it and it as text both reach AA.
 */

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (case-insensitive); anything else is not a colour. */
export function parseHex(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a colour: ${hex}`);
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

/** Contrast ratio between two opaque colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `hex` towards black (amount > 0) or white (amount < 0), 0..1. */
export function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const target = amount >= 0 ? 0 : 255;
  const t = Math.abs(amount);
  return toHex(rgb.map((v) => v + (target - v) * t) as Rgb);
}

/** Mixes `hex` with white: `weight` of the colour, the rest white (a tint for backgrounds). */
export function tint(hex: string, weight: number): string {
  return shade(hex, -(1 - weight));
}

/**
 * The shade of `hex` (same hue, darker; lighter when `against` is dark) that reaches `ratio`
 * against `against`; `hex` itself when it already does.
 */
export function readableOn(hex: string, against = '#FFFFFF', ratio = 4.5): string {
  if (!parseHex(hex)) return readableOn('#409EFF', against, ratio);
  const start = toHex(parseHex(hex)!);
  if (contrast(start, against) >= ratio) return start;
  const lighten = luminance(against) < 0.18;
  for (let step = 1; step <= 100; step++) {
    const next = shade(start, (lighten ? -step : step) / 100);
    if (contrast(next, against) >= ratio) return next;
  }
  return lighten ? '#FFFFFF' : '#000000';
}

/** AA margin for the brand colour: it also sits on its own 8 % tint (the active tab) and on hover shades. */
export const BRAND_RATIO = 5;

/** The brand colour as used on screen, its hover and press shades (darker, so white text keeps its
 * contrast), its 8 % tint (the active tab, a selected table row) and a 14 % tint (that row under the pointer). */
export function brandShades(picked: string): { base: string; hover: string; active: string; tintBg: string; tintHoverBg: string } {
  let base = readableOn(picked, '#FFFFFF', BRAND_RATIO);
  // The tints are made from the base, so a base barely past the ratio can fall short on them: darken on.
  for (let step = 0; step < 30 && contrast(base, tint(base, 0.14)) < 4.6; step++) base = shade(base, 0.04);
  return { base, hover: shade(base, 0.14), active: shade(base, 0.28), tintBg: tint(base, 0.08), tintHoverBg: tint(base, 0.14) };
}

/** The darkest surface of a dark page (antd's dark container) and the lightest one text sits on (a selected row). */
export const DARK_SURFACE = '#141414';

/**
 * The brand colour for a dark page: a lighter shade that reads as text on the page's surfaces
 * and on its own tint (a selected row), with dark text on it (buttons); hover lighter still.
 */
export function darkBrandShades(picked: string): { base: string; hover: string; active: string; tintBg: string; tintHoverBg: string } {
  const mix = (color: string, weight: number) => {
    const [a, b] = [parseHex(color)!, parseHex(DARK_SURFACE)!];
    return toHex(a.map((v, i) => v * weight + b[i] * (1 - weight)) as Rgb);
  };
  let base = readableOn(picked, DARK_SURFACE, BRAND_RATIO);
  for (let step = 0; step < 30 && contrast(base, mix(base, 0.2)) < 4.6; step++) base = shade(base, -0.04);
  return { base, hover: shade(base, -0.14), active: shade(base, -0.28), tintBg: mix(base, 0.12), tintHoverBg: mix(base, 0.2) };
}
