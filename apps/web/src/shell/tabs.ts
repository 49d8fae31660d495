import { create } from 'zustand';
import { TAGS_STORAGE_KEY, useSession } from '../session/store';
import { getContent, setStore } from '../session/storage';
import { HOME_PATH } from './registry';

/** An opened page in the tab strip (spec §3 "Tag"); labels are derived when shown. */
export interface Tag {
  /** Identity: the path, or the full URL for pages that differ only by query (embedded links). */
  key: string;
  path: string;
  fullPath: string;
}

export const HOME_TAG: Tag = { key: HOME_PATH, path: HOME_PATH, fullPath: HOME_PATH };

interface TabsState {
  tags: Tag[];
  open(tag: Tag): void;
  /** Closes a tab; returns the tab to show next when it was the active one. */
  close(key: string, activeKey: string): Tag | undefined;
  closeOthers(key: string): void;
  closeAll(): void;
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
    else if (tags[index].fullPath !== tag.fullPath) set(persist(tags.map((t, i) => (i === index ? tag : t))));
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
}));

// Spec §4: logging out clears the tags with the rest of the session (storage is cleared by the store).
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) useTabs.setState({ tags: [HOME_TAG] });
});
