import { useQuery } from '@tanstack/react-query';
import { billingQuery } from '../../../lib/billing-query';

/**
 * The card Pay now charges (GET /billing/, the Billing page's own cached query): brand and last four,
 * null when there is none. Asked for only once a dialog needs it, so the list loads with one request.
 */
export function useCardOnFile(enabled: boolean) {
  return useQuery({
    ...billingQuery,
    enabled,
    select: (billing) =>
      billing.card_details ? { brand: billing.card_details.brand, last4: billing.card_details.last4 } : null,
  });
}
