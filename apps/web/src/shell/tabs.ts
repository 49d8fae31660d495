import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { TAGS_STORAGE_KEY, useSession } from '../session/store';
import { getContent, setStore } from '../session/storage';
import { HOME_PATH } from './registry';

/** An opened page in the tab strip; labels are derived when shown. */
export interface Tag {
  /** Identity: the path, or the full URL for pages that differ only by query (embedded links). */
  key: string;
  path: string;
  fullPath: string;
  /** The page's own name for its tab (a request's title on its task page); else the menu's or route's. */
  title?: string;
}

export const HOME_TAG: Tag = { key: HOME_PATH, path: HOME_PATH, fullPath: HOME_PATH };

interface TabsState {
  tags: Tag[];
  open(tag: Tag): void;
  /** Closes a tab; returns the tab to show next when it was the active one. */
  close(key: string, activeKey: string): Tag | undefined;
  closeOthers(key: string): void;
  closeAll(): void;
  /** Names an opened tab after what it shows; undefined returns it to the menu's or route's name. */
  rename(key: string, title: string | undefined): void;
}

const persist = (tags: Tag[]) => {
  setStore(TAGS_STORAGE_KEY, tags);
  return { tags };
};

export const useTabs = create<TabsState>()((set, get) => ({
  tags: getContent<Tag[]>(TAGS_STORAGE_KEY, [HOME_TAG]),
  open: (tag) => {
    const { tags } = get();
    const index = tags.findIndex((t) => t.key === tag.key);
    if (index === -1) set(persist([...tags, tag]));
    else if (tags[index].fullPath !== tag.fullPath) set(persist(tags.map((t, i) => (i === index ? { ...tag, title: t.title } : t))));
  },
  close: (key, activeKey) => {
    const { tags } = get();
    const index = tags.findIndex((t) => t.key === key);
    // The welcome tab stays, so the last tab can never be closed.
    if (index === -1 || key === HOME_TAG.key || tags.length <= 1) return undefined;
    const rest = tags.filter((t) => t.key !== key);
    set(persist(rest));
    return key === activeKey ? (rest[index] ?? rest[index - 1]) : undefined;
  },
  closeOthers: (key) => set(persist(get().tags.filter((t) => t.key === key || t.key === HOME_TAG.key))),
  closeAll: () => set(persist([HOME_TAG])),
  rename: (key, title) => {
    const { tags } = get();
    if (!tags.some((t) => t.key === key && t.title !== title)) return;
    set(persist(tags.map((t) => (t.key === key ? { ...t, title } : t))));
  },
}));

// Spec §4: logging out clears the tags with the rest of the session (storage is cleared by the store).
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) useTabs.setState({ tags: [HOME_TAG] });
});

/** Names the current page's tab (and the browser's) after what it shows, once that is known. */
export function useTabTitle(title: string | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (title) useTabs.getState().rename(pathname + search, title);
  }, [title, pathname, search]);
}
