import { SUBSCRIPTION_PATHS, type SubscriptionResponse } from '@enq/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

/** What the change and cancel POSTs answer: the refreshed subscription plus a message. */
export type SubscriptionMutationResponse = SubscriptionResponse & { message: string };

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiRequest<SubscriptionResponse>(SUBSCRIPTION_PATHS.root, { signal });
}

export const subscriptionQuery = queryOptions({
  queryKey: SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => getSubscription(signal),
});

export function useSubscription() {
  return useQuery(subscriptionQuery);
}

/** Stores a mutation's refreshed subscription; the overview and billing screens summarise it too. */
export function storeSubscription(queryClient: QueryClient, answer: SubscriptionMutationResponse): void {
  const { message: _message, ...subscription } = answer;
  queryClient.setQueryData<SubscriptionResponse>(SUBSCRIPTION_QUERY_KEY, subscription);
  void queryClient.invalidateQueries({ queryKey: ['overview'] });
  void queryClient.invalidateQueries({ queryKey: ['billing'] });
}
