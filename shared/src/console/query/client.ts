import { ApiError } from '@suite/shared';
import { QueryClient } from '@tanstack/react-query';

/** Data read less than this long ago is shown without asking again; a change invalidates it at once. */
export const CONSOLE_STALE_MS = 30_000;

/** A failure worth one more try: no response or a server error; a 4xx says the same again. */
export function retryConsoleQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return error.status === null || error.status >= 500;
  return true;
}

/**
 * The console's QueryClient. Only the host creates one (for the console routes; a remote's
 * standalone page creates its own), never a remote's App.
 *
 * - `staleTime` 30 s: an administrator goes back and forth between a list and its cards; what was
 *   read a moment ago is shown as it is, and every change made in the console invalidates what it
 *   affects (useConsoleMutation), so the only data that can be older is another person's change.
 * - `retry`: once, and only without a response or on a 5xx; a 4xx (validation, 403, 404) would
 *   answer the same, and the API client already refreshes an expired token (401) itself.
 * - `refetchOnWindowFocus` off: switching browser tabs would reload every table on screen, with its
 *   loading state, while the person is reading it.
 * - mutations never retry: a change is sent once, as the person asked.
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CONSOLE_STALE_MS, retry: retryConsoleQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** A client for tests: no retries, nothing kept between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: CONSOLE_STALE_MS, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
