import { CANCELLATION_PATHS } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { storeSubscription, type SubscriptionMutationResponse } from '../../api/get-subscription';

/** The reminder email's "Keep this plan" link: undoes the cancellation it names, charging nothing. */
export function keepFromLink(token: string): Promise<SubscriptionMutationResponse> {
  return apiRequest<SubscriptionMutationResponse>(CANCELLATION_PATHS.keep, {
    method: 'POST',
    body: { token },
  });
}

export function useKeepFromLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepFromLink,
    onSuccess: (answer) => storeSubscription(queryClient, answer),
  });
}
