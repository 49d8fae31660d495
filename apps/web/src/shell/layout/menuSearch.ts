import type { MenuLeaf } from './menuTree';

/** Pinyin of a label: the initials and the whole syllables, both lower case without tones. */
export interface PinyinKeys {
  initials: string;
  full: string;
}

export type PinyinOf = (label: string) => PinyinKeys;

const HAN = /\p{Script=Han}/u;

export const hasChinese = (text: string): boolean => HAN.test(text);

/**
 * Menu search: a label matches when it starts with the query, ignoring case; a Chinese label
 * also when its pinyin initials or its full pinyin start with it (`zd`, `zidian` → 字典管理).
 * Spaces in the query are ignored for the pinyin keys (`zi dian`). Then the labels that hold the
 * query further in (审批 → 流程审批测试, `user` → Online users). Beginnings come first; within
 * each group the sidebar's order is kept.
 */
export function searchMenus(leaves: readonly MenuLeaf[], query: string, pinyinOf?: PinyinOf): MenuLeaf[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const compact = q.replace(/\s+/g, '');
  const begins = (leaf: MenuLeaf) => {
    if (leaf.label.toLowerCase().startsWith(q)) return true;
    if (!pinyinOf || !hasChinese(leaf.label) || !/^[a-z]+$/.test(compact)) return false;
    const { initials, full } = pinyinOf(leaf.label);
    return initials.startsWith(compact) || full.startsWith(compact);
  };
  const first = leaves.filter(begins);
  const inside = leaves.filter((leaf) => !first.includes(leaf) && leaf.label.toLowerCase().includes(q));
  return [...first, ...inside];
}

let pinyinModule: Promise<typeof import('pinyin-pro')> | undefined;

/** Fetches the pinyin converter's code once (the shell asks when idle, the panel when it opens). */
export function preloadPinyin(): Promise<typeof import('pinyin-pro')> {
  pinyinModule ??= import('pinyin-pro');
  pinyinModule.catch(() => {
    pinyinModule = undefined;
  });
  return pinyinModule;
}

/** The pinyin converter; its code never ships with the sign-in page. */
export async function loadPinyin(): Promise<PinyinOf> {
  const { pinyin } = await preloadPinyin();
  const cache = new Map<string, PinyinKeys>();
  return (label) => {
    let keys = cache.get(label);
    if (!keys) {
      const syllables = pinyin(label, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).map((s) => s.toLowerCase().replace(/[^a-z]/g, ''));
      keys = { initials: syllables.map((s) => s.charAt(0)).join(''), full: syllables.join('') };
      cache.set(label, keys);
    }
    return keys;
  };
}
