import { SPEND_CONTROL_PATHS, type SpendControlResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeSpendControl } from '../../../lib/spend-control-query';

/** PUT /spend-control/user-limits/:personId/: a sub-account user's monthly credits, or null for none (SPEND-08). */
export function saveUserLimit(input: {
  personId: string;
  limit: number | null;
}): Promise<SpendControlResponse> {
  return apiRequest<SpendControlResponse>(SPEND_CONTROL_PATHS.userLimit(input.personId), {
    method: 'PUT',
    body: { monthly_credit_limit: input.limit },
  });
}

export function useSaveUserLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserLimit,
    onSuccess: (answer) => storeSpendControl(queryClient, answer),
  });
}
