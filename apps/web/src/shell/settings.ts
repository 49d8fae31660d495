import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { getContent, setStore } from '../session/storage';
import { DEFAULT_COLOR, DEFAULT_THEME, isThemeName, type ThemeName } from './theme/themes';

/**
 * The settings drawer's switches. Each `show…` flag shows or hides the shell's
 * control for that feature; the features' own components read the flag from this store.
 */
export interface ShellFlags {
  /** Navigation in the header instead of the sidebar. */
  horizontal: boolean;
  /** The tab strip of opened pages. */
  showTags: boolean;
  /** The button that folds the sidebar. */
  showCollapse: boolean;
  /** The menu search button. */
  showSearch: boolean;
  showFullscreen: boolean;
  /** The theme picker button in the top bar. */
  showTheme: boolean;
  /** The colour picker in the top bar. */
  showColor: boolean;
  /** First-level menus as a bar in the header. */
  showTopMenu: boolean;
  /** The feedback (screenshot) button. */
  showFeedback: boolean;
  /** The error log button (front-end errors kept as logs). */
  showDebug: boolean;
  /** The lock-screen action. */
  showLock: boolean;
}

export type ShellFlag = keyof ShellFlags;

export const DEFAULT_FLAGS: ShellFlags = {
  horizontal: false,
  showTags: true,
  showCollapse: true,
  showSearch: true,
  showFullscreen: true,
  showTheme: true,
  showColor: true,
  showTopMenu: false,
  showFeedback: true,
  showDebug: true,
  showLock: true,
};

/** The storage entry holding the look and the switches. */
export const SETTINGS_KEY = 'setting';

interface StoredLook extends ShellFlags {
  theme: ThemeName;
  color: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** What was stored, with anything missing or unreadable back at its default. */
export function readLook(): StoredLook {
  const stored = getContent<Partial<StoredLook> | null>(SETTINGS_KEY, null) ?? {};
  const flags = Object.fromEntries(
    Object.entries(DEFAULT_FLAGS).map(([key, fallback]) => {
      const value = (stored as Record<string, unknown>)[key];
      return [key, typeof value === 'boolean' ? value : fallback];
    }),
  ) as unknown as ShellFlags;
  return {
    ...flags,
    theme: isThemeName(stored.theme) ? stored.theme : DEFAULT_THEME,
    color: typeof stored.color === 'string' && HEX.test(stored.color) ? stored.color.toUpperCase() : DEFAULT_COLOR,
  };
}

interface ShellSettings extends StoredLook {
  /** Layout preference; it outlives the session (a new sign-in keeps the sidebar as it was). */
  collapsed: boolean;
  toggleCollapsed(): void;
  /** Tablets: the sidebar unfolded for the moment (not persisted). */
  unfoldedOnTablet: boolean;
  toggleUnfoldedOnTablet(): void;
  /** Phones: the menu is a drawer over the page, closed unless asked for (not persisted). */
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
  setFlag(flag: ShellFlag, value: boolean): void;
  setTheme(theme: ThemeName): void;
  /** A `#rrggbb` colour; anything else is ignored. */
  setColor(color: string): void;
  /** Back to the default look and switches. */
  resetLook(): void;
}

function persist(state: StoredLook): void {
  const look: StoredLook = { theme: state.theme, color: state.color } as StoredLook;
  for (const key of Object.keys(DEFAULT_FLAGS) as ShellFlag[]) look[key] = state[key];
  setStore(SETTINGS_KEY, look);
}

/** Spec 000 §9 breakpoints. Below 768 px the sidebar would squeeze the page: it becomes a drawer. */
export const MOBILE_QUERY = '(max-width: 767px)';
/** Below 992 px (a tablet) the sidebar starts folded to its icons: the page needs the room. */
export const TABLET_QUERY = '(max-width: 991px)';

/** Whether the window matches a media query (follows resizing). */
export function useMediaQuery(media: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(media).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(media);
    if (!query) return;
    setMatches(query.matches);
    const onChange = () => setMatches(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [media]);
  return matches;
}

/** Whether the console runs on a phone-sized screen (follows resizing). */
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

/**
 * Whether the sidebar shows its icons only: the person's stored choice, except on a tablet, where
 * it is folded unless unfolded for the moment (the stored choice, for wider screens, is untouched).
 */
export function useSiderCollapsed(): boolean {
  const tablet = useMediaQuery(TABLET_QUERY);
  const collapsed = useShellSettings((s) => s.collapsed);
  const unfolded = useShellSettings((s) => s.unfoldedOnTablet);
  return tablet ? !unfolded : collapsed;
}

/** The fold button's action: the stored choice on a wide screen, the moment's on a tablet. */
export function useToggleSider(): () => void {
  const tablet = useMediaQuery(TABLET_QUERY);
  const toggle = useShellSettings((s) => s.toggleCollapsed);
  const toggleOnTablet = useShellSettings((s) => s.toggleUnfoldedOnTablet);
  return tablet ? toggleOnTablet : toggle;
}

export const useShellSettings = create<ShellSettings>()((set, get) => ({
  ...readLook(),
  drawerOpen: false,
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  collapsed: getContent('collapse', false),
  toggleCollapsed: () =>
    set((state) => {
      setStore('collapse', !state.collapsed);
      return { collapsed: !state.collapsed };
    }),
  unfoldedOnTablet: false,
  toggleUnfoldedOnTablet: () => set((state) => ({ unfoldedOnTablet: !state.unfoldedOnTablet })),
  setFlag: (flag, value) => {
    set({ [flag]: value } as Pick<ShellFlags, ShellFlag>);
    persist(get());
  },
  setTheme: (theme) => {
    if (!isThemeName(theme)) return;
    set({ theme });
    persist(get());
  },
  setColor: (color) => {
    if (!HEX.test(color)) return;
    set({ color: color.toUpperCase() });
    persist(get());
  },
  resetLook: () => {
    set({ ...DEFAULT_FLAGS, theme: DEFAULT_THEME, color: DEFAULT_COLOR });
    persist(get());
  },
}));
