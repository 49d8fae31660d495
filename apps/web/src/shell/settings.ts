import { create } from 'zustand';
import { getContent, setStore } from '../session/storage';

interface ShellSettings {
  collapsed: boolean;
  toggleCollapsed(): void;
}

/** Layout preferences; they outlive the session (a new sign-in keeps the sidebar as it was). */
export const useShellSettings = create<ShellSettings>()((set) => ({
  collapsed: getContent('collapse', false),
  toggleCollapsed: () =>
    set((state) => {
      setStore('collapse', !state.collapsed);
      return { collapsed: !state.collapsed };
    }),
}));
