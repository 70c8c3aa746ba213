import { PAUSE_PATHS, type PauseMutationResponse, type PauseResponse } from '@enq/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PAUSE_QUERY_KEY = ['pause'] as const;

/** The pause scheduled or under way, and the resume dates a new one may take. */
export function getPause(signal?: AbortSignal): Promise<PauseResponse> {
  return apiRequest<PauseResponse>(PAUSE_PATHS.root, { signal });
}

export const pauseQuery = queryOptions({
  queryKey: PAUSE_QUERY_KEY,
  queryFn: ({ signal }) => getPause(signal),
});

export function usePause() {
  return useQuery(pauseQuery);
}

/** Stores a pause or resume's answer; Subscription, the overview and Billing show the plan's state too. */
export function storePause(queryClient: QueryClient, answer: PauseMutationResponse): void {
  const { message: _message, ...pause } = answer;
  queryClient.setQueryData<PauseResponse>(PAUSE_QUERY_KEY, pause);
  for (const key of ['subscription', 'overview', 'billing', 'invoices'])
    void queryClient.invalidateQueries({ queryKey: [key] });
}
