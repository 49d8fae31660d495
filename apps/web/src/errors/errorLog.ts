import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec 000 §8: what the console keeps of an unhandled error. */
export interface CapturedError {
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

/** The newest errors kept (an upload takes at most this many, LOG_UPLOAD_MAX on the server). */
export const ERROR_LOG_MAX = 50;
const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
// PostgreSQL text cannot hold NUL; the server refuses it, so it never gets that far.
const clean = (value: unknown, max: number) => cut(String(value ?? '').replaceAll('\u0000', ''), max);

interface ErrorLogState {
  errors: CapturedError[];
  add(error: Omit<CapturedError, 'time' | 'url'> & { url?: string; time?: string }): void;
  clear(): void;
}

/** The errors this browser caught, newest first, kept across reloads until uploaded or cleared. */
export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set) => ({
      errors: [],
      add: (error) =>
        set((state) => ({
          errors: [
            {
              type: clean(error.type || 'error', 50),
              message: clean(error.message, 2000),
              stack: clean(error.stack, 8000),
              info: clean(error.info, 2000),
              url: clean(error.url ?? window.location.href, 2000),
              time: error.time ?? new Date().toISOString(),
            },
            ...state.errors,
          ].slice(0, ERROR_LOG_MAX),
        })),
      clear: () => set({ errors: [] }),
    }),
    { name: 'macro-error-log', storage: createJSONStorage(() => localStorage) },
  ),
);

const describe = (reason: unknown): { message: string; stack: string } => {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
};

/**
 * Catches what nothing else handled: errors thrown outside React's handlers and rejected
 * promises nobody awaited. Resources that fail to load (a broken image) are not errors of the
 * console and are left out. Returns the function that stops catching.
 */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (!(event instanceof ErrorEvent)) return;
    const { message, stack } = event.error ? describe(event.error) : { message: event.message, stack: '' };
    useErrorLog.getState().add({
      type: 'error',
      message: message || event.message,
      stack,
      info: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describe(event.reason);
    useErrorLog.getState().add({ type: 'unhandledrejection', message, stack, info: 'unhandled promise rejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
