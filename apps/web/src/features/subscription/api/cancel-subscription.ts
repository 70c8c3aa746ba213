import { SUBSCRIPTION_PATHS, type CancelBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeSubscription, type SubscriptionMutationResponse } from './get-subscription';

/** Cancels at the end of the current period (SUB-05, SUB-07), with the reason the customer gave. */
export function cancelSubscription(body: CancelBody): Promise<SubscriptionMutationResponse> {
  return apiRequest<SubscriptionMutationResponse>(SUBSCRIPTION_PATHS.cancel, { method: 'POST', body });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => storeSubscription(queryClient, answer),
  });
}
