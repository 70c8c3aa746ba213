import { SPEND_CONTROL_PATHS, type SpendControlResponse } from '@enq/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const SPEND_CONTROL_QUERY_KEY = ['spend-control'] as const;

export function getSpendControl(signal?: AbortSignal): Promise<SpendControlResponse> {
  return apiRequest<SpendControlResponse>(SPEND_CONTROL_PATHS.state, { signal });
}

/**
 * GET /spend-control/: alerts, the cap, the banners and users' use against their limits. Subscription
 * (the section), Overview (the banners) and Users (the limits) read one cached copy. Never asked in a
 * screen's first load: the overview asks it once its own summary is drawn.
 */
export const spendControlQuery = queryOptions({
  queryKey: SPEND_CONTROL_QUERY_KEY,
  queryFn: ({ signal }) => getSpendControl(signal),
});

/** Stores a write's refreshed state (each write answers the whole of it). */
export function storeSpendControl(queryClient: QueryClient, answer: SpendControlResponse): void {
  queryClient.setQueryData(SPEND_CONTROL_QUERY_KEY, answer);
}
