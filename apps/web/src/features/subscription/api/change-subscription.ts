import { SUBSCRIPTION_PATHS } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeSubscription, type SubscriptionMutationResponse } from './get-subscription';

/** Changes the plan; renewing sends the current plan (SUB-04, SUB-07, SUB-14). */
export function changeSubscription(plan: string): Promise<SubscriptionMutationResponse> {
  return apiRequest<SubscriptionMutationResponse>(SUBSCRIPTION_PATHS.change, {
    method: 'POST',
    body: { plan },
  });
}

export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: (answer) => storeSubscription(queryClient, answer),
  });
}
