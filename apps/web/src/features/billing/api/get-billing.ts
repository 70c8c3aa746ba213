import type { BillingData } from '@enq/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, billingQuery } from '../../../lib/billing-query';

export { BILLING_QUERY_KEY, billingQuery, getBilling } from '../../../lib/billing-query';

export function useBilling() {
  return useQuery(billingQuery);
}

/** Merges a mutation's answer into the cached billing data (API-07, API-09). */
export function mergeBilling(queryClient: QueryClient, patch: Partial<BillingData>): void {
  queryClient.setQueryData<BillingData>(BILLING_QUERY_KEY, (old) => (old ? { ...old, ...patch } : old));
}
