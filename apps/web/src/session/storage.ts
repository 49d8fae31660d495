/**
 * Local/session storage with the spec's wrapper: every entry sits under a site prefix and is
 * stored as { dataType, content, type, datetime } so it can be restored with its type.
 */
export const STORAGE_PREFIX = 'macro-';

export type StorageType = 'local' | 'session';

export interface StoredEntry<T> {
  dataType: string;
  content: T;
  type: StorageType;
  datetime: number;
}

function area(type: StorageType): Storage {
  return type === 'session' ? window.sessionStorage : window.localStorage;
}

function dataTypeOf(content: unknown): string {
  if (content === null) return 'null';
  if (Array.isArray(content)) return 'array';
  return typeof content;
}

export function setStore<T>(name: string, content: T, type: StorageType = 'local'): void {
  const entry: StoredEntry<T> = { dataType: dataTypeOf(content), content, type, datetime: Date.now() };
  area(type).setItem(STORAGE_PREFIX + name, JSON.stringify(entry));
}

/** Reads an entry from either area (session first); undefined when absent or unreadable. */
export function getStore<T>(name: string): StoredEntry<T> | undefined {
  const raw = window.sessionStorage.getItem(STORAGE_PREFIX + name) ?? window.localStorage.getItem(STORAGE_PREFIX + name);
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as StoredEntry<T>;
    return entry && typeof entry === 'object' && 'content' in entry ? entry : undefined;
  } catch {
    return undefined;
  }
}

export function getContent<T>(name: string, fallback: T): T {
  const entry = getStore<T>(name);
  return entry === undefined ? fallback : entry.content;
}

export function removeStore(name: string): void {
  window.localStorage.removeItem(STORAGE_PREFIX + name);
  window.sessionStorage.removeItem(STORAGE_PREFIX + name);
}

/** Removes every entry of this site (other sites' keys on the same origin stay). */
export function clearStore(type?: StorageType): void {
  const areas = type ? [area(type)] : [window.localStorage, window.sessionStorage];
  for (const storage of areas) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key?.startsWith(STORAGE_PREFIX) ?? false);
    for (const key of keys) storage.removeItem(key);
  }
}

/** One scrolling list's settings on the data screens. */
export interface SwiperSetting {
  step: number;
  hoverStop: boolean;
  openWatch: boolean;
  direction: number;
  limitMoveNum: number;
  waitTime: number;
  echartsAutoTime: number;
}

/** Local settings kept under `settingData`. */
export interface SettingData {
  sbtxSwiper: SwiperSetting;
  ssyjSwiper: SwiperSetting;
  aztpSwiper: SwiperSetting;
  /** Whether the data screens scale to the window (the spec gives no default; off). */
  isScale: boolean;
}

export const SETTING_DATA_KEY = 'settingData';

const SWIPER_DEFAULTS: SwiperSetting = {
  step: 4.4,
  hoverStop: true,
  openWatch: true,
  direction: 1,
  limitMoveNum: 4,
  waitTime: 3000,
  echartsAutoTime: 3000,
};

/** A fresh copy of the defaults (callers may change it). */
export function defaultSettingData(): SettingData {
  return { sbtxSwiper: { ...SWIPER_DEFAULTS }, ssyjSwiper: { ...SWIPER_DEFAULTS }, aztpSwiper: { ...SWIPER_DEFAULTS }, isScale: false };
}

const SWIPERS = ['sbtxSwiper', 'ssyjSwiper', 'aztpSwiper'] as const;

function mergeSwiper(stored: unknown): SwiperSetting {
  const merged = { ...SWIPER_DEFAULTS };
  if (!stored || typeof stored !== 'object') return merged;
  for (const key of Object.keys(SWIPER_DEFAULTS) as (keyof SwiperSetting)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === typeof SWIPER_DEFAULTS[key]) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** The stored settings, every field missing or of the wrong type at its default. */
export function getSettingData(): SettingData {
  const stored = getContent<Partial<SettingData> | null>(SETTING_DATA_KEY, null);
  const data = defaultSettingData();
  if (!stored || typeof stored !== 'object') return data;
  for (const swiper of SWIPERS) data[swiper] = mergeSwiper(stored[swiper]);
  if (typeof stored.isScale === 'boolean') data.isScale = stored.isScale;
  return data;
}

/** Changes some settings (a swiper's fields merge with what it had) and stores the whole. */
export function setSettingData(change: Partial<{ [K in keyof SettingData]: K extends 'isScale' ? boolean : Partial<SwiperSetting> }>): SettingData {
  const data = getSettingData();
  for (const swiper of SWIPERS) {
    const part = change[swiper];
    if (part) data[swiper] = mergeSwiper({ ...data[swiper], ...part });
  }
  if (typeof change.isScale === 'boolean') data.isScale = change.isScale;
  setStore(SETTING_DATA_KEY, data);
  return data;
}
