import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

// Client errors (4xx) will not change on a retry; only network and server failures get one more try.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

// TanStack assumes online until an 'offline' event; an app opened without network (from the service
// worker's copy) would then fire every query, fail, and never refetch on reconnect (online → online
// is no change). Starting from the browser's word pauses them instead, and the reconnect resumes them.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = createQueryClient();
