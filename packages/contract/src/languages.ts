export const LANGUAGES = ['zh', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Picks zh, en or ja from an Accept-Language header (zh when nothing matches). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
