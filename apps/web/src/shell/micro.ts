import { create } from 'zustand';

/**
 * Micro-frontend mode: a host page mounts the console into one of its elements
 * (qiankun-style `bootstrap` / `mount` / `unmount`); the host keeps its own navigation, so the
 * console's tab bar, header and left menu are hidden.
 */
export interface MicroProps {
  /** The element the console renders into (qiankun passes `container`). */
  container?: HTMLElement;
  /** An access token of this platform the host already holds: the console signs in with it (token login). */
  token?: string;
  /** The host's path the console's routes live under, e.g. `/portal/console`. */
  basePath?: string;
}

interface MicroState {
  embedded: boolean;
  setEmbedded(embedded: boolean): void;
}

export const useMicro = create<MicroState>((set) => ({
  embedded: false,
  setEmbedded: (embedded) => set({ embedded }),
}));

declare global {
  interface Window {
    /** Set by qiankun-style hosts before they load the console's entry. */
    __POWERED_BY_QIANKUN__?: boolean;
    /** Where such hosts find the lifecycle of an ES-module entry. */
    'macro-console'?: MicroLifecycle;
  }
}

export interface MicroLifecycle {
  bootstrap(): Promise<void>;
  mount(props?: MicroProps): Promise<void>;
  unmount(props?: MicroProps): Promise<void>;
}

/** Whether a host is loading the console (it then waits for `mount`). */
export const isMicroHost = (): boolean => Boolean(window.__POWERED_BY_QIANKUN__);

/** A base path as the router wants it: leading slash, no trailing one ('/' for none). */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
