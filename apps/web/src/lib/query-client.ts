import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * A read fails after one try (10 s at most, see apiRequest) and the screen says so at once with a
 * 'Yritä uudelleen' button: a server that answers 5xx or does not answer at all will not be
 * better a second later, and three hidden tries made the user wait 33 s for the message. Only a
 * connection that failed outright (NETWORK_ERROR, which fails fast) is tried once more.
 */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && isApiError(error) && error.code === 'NETWORK_ERROR';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});
