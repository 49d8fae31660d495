import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { feedback } from '../components/feedback';
import { useSession } from '../session/store';
import { ApiError } from './http';

interface CallMeta extends Record<string, unknown> {
  /** The caller shows the failure itself (e.g. inline on the sign-in form). */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) feedback.error(error.message);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) feedback.error(error.message);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !isClientError(error) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});

// Another user may sign in next: nothing cached for this one may leak into their screens.
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) queryClient.clear();
});
