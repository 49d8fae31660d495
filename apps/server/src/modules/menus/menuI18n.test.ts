import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadModules } from '../../modules.ts';
import type { MenuSeed } from '../../platform/module.ts';

const LANGUAGES = ['zh', 'en', 'ja'] as const;
const labels = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../../web/src/i18n/${language}/menu.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Every seeded menu and button, with the module that contributes it. */
async function seeded(): Promise<{ module: string; seed: MenuSeed }[]> {
  const walk = (module: string, seeds: readonly MenuSeed[]): { module: string; seed: MenuSeed }[] =>
    seeds.flatMap((seed) => [{ module, seed }, ...walk(module, seed.children ?? [])]);
  return (await loadModules()).flatMap((m) => walk(m.name, m.menus ?? []));
}

describe('seeded menus and buttons are named in every language', () => {
  it('every seeded menu and button names a label that zh, en and ja all have', async () => {
    const all = await seeded();
    expect(all.some(({ seed }) => seed.category === 2)).toBe(true);
    for (const language of LANGUAGES) {
      const known = labels(language);
      const missing = all
        .filter(({ seed }) => !seed.i18n || !known[seed.i18n])
        .map(({ module, seed }) => `${module}: ${seed.code} (${seed.i18n ?? 'no i18n'})`);
      expect(missing, `menu.json of ${language}`).toEqual([]);
    }
  });

  it('a label key means one thing: the buttons sharing a key share their Chinese name', async () => {
    const names = new Map<string, Set<string>>();
    for (const { seed } of await seeded()) if (seed.i18n) names.set(seed.i18n, (names.get(seed.i18n) ?? new Set()).add(seed.name));
    const ambiguous = [...names].filter(([, set]) => set.size > 1).map(([key, set]) => `${key}: ${[...set].join(' / ')}`);
    expect(ambiguous).toEqual([]);
  });
});
