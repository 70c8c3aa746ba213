import { MESSAGES } from '@enq/contract';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;
/** Unused query data is kept this long (API-21). */
export const QUERY_GC_TIME_MS = 60_000;
/**
 * An answer this young is not asked for again when a screen mounts: the boot asks for the screen's
 * data before the screen exists, and the screen would otherwise repeat the request on arrival.
 */
export const QUERY_FRESH_MS = 5_000;
/** One toast however many loads fail at once. */
export const LOAD_FAILED_TOAST_ID = 'load-failed';

// A 4xx answer will not change on retry; network hiccups and 5xx might.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

// SHELL-23: any failed load says so; a 401 is not a failure to report, the page is already reloading.
function reportFailedLoad(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  toast.error(MESSAGES.genericError, { toastId: LOAD_FAILED_TOAST_ID });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportFailedLoad }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: QUERY_FRESH_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
