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
  const raw =
    window.sessionStorage.getItem(STORAGE_PREFIX + name) ?? window.localStorage.getItem(STORAGE_PREFIX + name);
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
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(STORAGE_PREFIX) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  }
}
