import { SUBSCRIPTION_PATHS } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeSubscription, type SubscriptionMutationResponse } from './get-subscription';

/** Keeps the plan: undoes a cancellation or a scheduled change, charging nothing. */
export function keepSubscription(): Promise<SubscriptionMutationResponse> {
  return apiRequest<SubscriptionMutationResponse>(SUBSCRIPTION_PATHS.keep, { method: 'POST' });
}

export function useKeepSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepSubscription,
    onSuccess: (answer) => storeSubscription(queryClient, answer),
  });
}
