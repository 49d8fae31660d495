import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { getContent, setStore } from '../session/storage';

interface ShellSettings {
  collapsed: boolean;
  toggleCollapsed(): void;
  /** Phones: the menu is a drawer over the page, closed unless asked for (not persisted). */
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
}

/** Layout preferences; they outlive the session (a new sign-in keeps the sidebar as it was). */
/** Below this width the sidebar would squeeze the page: it becomes a drawer. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** Whether the console runs on a phone-sized screen (follows resizing). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const onChange = () => setMobile(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return mobile;
}

export const useShellSettings = create<ShellSettings>()((set) => ({
  drawerOpen: false,
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  collapsed: getContent('collapse', false),
  toggleCollapsed: () =>
    set((state) => {
      setStore('collapse', !state.collapsed);
      return { collapsed: !state.collapsed };
    }),
}));
