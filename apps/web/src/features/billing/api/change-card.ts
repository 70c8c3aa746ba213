import { BILLING_PATHS, type AuthenticationRequired, type ChangeCardResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BILLING_QUERY_KEY, mergeBilling } from './get-billing';
import { CACHE_TAGS } from '../../../lib/query-keys';
import { isAuthenticationRequired } from '../../../lib/payment-authentication';

/**
 * POST /billing/change-card with the provider's payment-method id (API-09). 202: the card's bank asks
 * the cardholder first; once its step is done, the same pm_id is posted again and saved.
 */
export function changeCard(pmId: string): Promise<ChangeCardResponse | AuthenticationRequired> {
  return apiRequest<ChangeCardResponse | AuthenticationRequired>(BILLING_PATHS.changeCard, {
    method: 'POST',
    body: { pm_id: pmId },
  });
}

/** Merges the answer into billing data, then refreshes billing, invoices and overview (API-10). */
export function useChangeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCard,
    onSuccess: (answer) => {
      if (isAuthenticationRequired(answer)) return;
      const { message: _message, ...billing } = answer;
      mergeBilling(queryClient, billing);
      void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.invoices] });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.overview] });
    },
  });
}
