import {
  PAUSE_PATHS,
  type PauseMutationResponse,
  type PauseResponse,
  type SubscriptionInfo,
} from '@enq/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const PAUSE_QUERY_KEY = ['pause'] as const;

/** The pause scheduled or under way, and the resume dates a new one may take. */
export function getPause(signal?: AbortSignal): Promise<PauseResponse> {
  return apiRequest<PauseResponse>(PAUSE_PATHS.root, { signal });
}

/**
 * What the pause allows depends on the plan's state (a cancel, a scheduled change, a pause under way):
 * the answer is kept per state, so after a cancel or Keep this plan the old answer is never shown.
 */
export function pauseQuery(
  info: Pick<SubscriptionInfo, 'status' | 'cancel_at_period_end' | 'pending_plan_id'>,
) {
  return queryOptions({
    queryKey: [...PAUSE_QUERY_KEY, info.status, info.cancel_at_period_end, info.pending_plan_id ?? null],
    queryFn: ({ signal }) => getPause(signal),
  });
}

export function usePause(info: SubscriptionInfo) {
  return useQuery(pauseQuery(info));
}

/** Stores a pause or resume's answer; Subscription, the overview and Billing show the plan's state too. */
export function storePause(queryClient: QueryClient, answer: PauseMutationResponse): void {
  const { message: _message, ...pause } = answer;
  // The answer is for the state on screen; one kept for another state is now out of date.
  queryClient.setQueriesData<PauseResponse>({ queryKey: PAUSE_QUERY_KEY, type: 'active' }, pause);
  queryClient.removeQueries({ queryKey: PAUSE_QUERY_KEY, type: 'inactive' });
  for (const key of ['subscription', 'overview', 'billing', 'invoices'])
    void queryClient.invalidateQueries({ queryKey: [key] });
}
