import type { Language } from '@macro/contract';
import type { TokenResponse } from '@macro/contract/auth';
import type { MenuRoute } from '@macro/contract/menus';
import type { UserInfo } from '@macro/contract/users';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@macro/contract';
import { create } from 'zustand';
import { getContent, removeStore, setStore } from './storage';

/** The user fields the token response carries. */
export type SessionUser = Omit<TokenResponse, 'access_token' | 'token_type' | 'expires_in' | 'refresh_token' | 'scope'>;

interface PersistedSession {
  token: string;
  refreshToken: string;
  user: SessionUser | null;
  userInfo: UserInfo | null;
  menus: MenuRoute[];
  permissions: string[];
  language: Language;
  /** A language added in the language packs, shown over zh (its fallback); '' for zh, en or ja. */
  customLanguage: string;
  isLocked: boolean;
  /** The lock password's salted digest (lockHash.ts), never the password itself. */
  lockPassword: string;
  /** The page the console was last locked on; unlocking returns there (shell/guards.tsx). */
  lockedFrom: string;
}

interface SessionActions {
  signIn(response: TokenResponse): void;
  setUserInfo(info: UserInfo): void;
  setMenus(menus: MenuRoute[]): void;
  setPermissions(codes: string[]): void;
  setLanguage(language: Language): void;
  setCustomLanguage(code: string): void;
  /** Locks the console on page `from`; `passwordDigest` comes from hashLockPassword. */
  lock(passwordDigest: string, from?: string): void;
  unlock(): void;
  /** Logout: drops token, user, menus and permissions; the language stays. */
  clear(): void;
}

interface TransientSession {
  /** The server ended the session (a 401): the sign-in page says so. Not kept across reloads. */
  expired: boolean;
}

export type SessionState = PersistedSession & TransientSession & SessionActions & { expire(): void };

const PERSISTED_KEYS = [
  'token',
  'refreshToken',
  'user',
  'userInfo',
  'menus',
  'permissions',
  'language',
  'customLanguage',
  'isLocked',
  'lockPassword',
  'lockedFrom',
] as const satisfies readonly (keyof PersistedSession)[];

function storedLanguage(): Language {
  const value = getContent<string>('language', DEFAULT_LANGUAGE);
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

function restore(): PersistedSession {
  return {
    token: getContent('token', ''),
    refreshToken: getContent('refreshToken', ''),
    user: getContent<SessionUser | null>('user', null),
    userInfo: getContent<UserInfo | null>('userInfo', null),
    menus: getContent<MenuRoute[]>('menus', []),
    permissions: getContent<string[]>('permissions', []),
    language: storedLanguage(),
    customLanguage: getContent('customLanguage', ''),
    isLocked: getContent('isLocked', false),
    lockPassword: getContent('lockPassword', ''),
    lockedFrom: getContent('lockedFrom', ''),
  };
}

const signedOut: Omit<PersistedSession, 'language' | 'customLanguage'> = {
  token: '',
  refreshToken: '',
  user: null,
  userInfo: null,
  menus: [],
  permissions: [],
  isLocked: false,
  lockPassword: '',
  lockedFrom: '',
};

export const useSession = create<SessionState>()((set) => ({
  ...restore(),
  expired: false,
  signIn: ({ access_token, token_type: _type, expires_in: _expires, refresh_token, scope: _scope, ...user }) =>
    set({ token: access_token, refreshToken: refresh_token, user, expired: false }),
  // The top bar shows the session user's nick name and avatar: a change of one's own details shows there at once.
  setUserInfo: (userInfo) => set((s) => ({ userInfo, user: s.user ? { ...s.user, nick_name: userInfo.name, avatar: userInfo.avatar } : s.user })),
  setMenus: (menus) => set({ menus }),
  setPermissions: (permissions) => set({ permissions }),
  setLanguage: (language) => set({ language }),
  setCustomLanguage: (customLanguage) => set({ customLanguage }),
  lock: (lockPassword, from = '') => set({ isLocked: true, lockPassword, lockedFrom: from }),
  unlock: () => set({ isLocked: false, lockPassword: '' }),
  clear: () => set({ ...signedOut, expired: false }),
  /** Logout because the server no longer accepts the session. */
  expire: () => set({ ...signedOut, expired: true }),
}));

/** Storage key of the tab strip's tags; the shell owns them, but logging out drops them. */
export const TAGS_STORAGE_KEY = 'tagList';

// Mirror every persisted field into storage when it changes.
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) removeStore(TAGS_STORAGE_KEY);
  for (const key of PERSISTED_KEYS) {
    if (state[key] === previous[key]) continue;
    const value = state[key];
    if (value === '' || value === null) removeStore(key);
    else setStore(key, value);
  }
});

/** Whether the user's menus hold the page at `path` (a menu grant, which is not among the button codes). */
export function useHasMenu(path: string): boolean {
  return useSession((s) => {
    const holds = (menus: readonly MenuRoute[]): boolean => menus.some((m) => m.path === path || holds(m.children ?? []));
    return holds(s.menus);
  });
}

export function useHasPermission(code: string): boolean {
  return useSession((s) => s.permissions.includes(code));
}

/**
 * A check for many codes at once (a list's buttons and row actions): whether the user holds
 * the code; no code means everyone may. The console hides what fails it; the server decides.
 */
export function usePermissionCheck(): (code: string | undefined) => boolean {
  const permissions = useSession((s) => s.permissions);
  return (code) => code === undefined || permissions.includes(code);
}
