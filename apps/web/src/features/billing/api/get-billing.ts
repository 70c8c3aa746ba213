import { BILLING_PATHS, MESSAGES, billingDataSchema, type BillingData } from '@enq/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { CACHE_TAGS } from '../../../lib/query-keys';

export const BILLING_QUERY_KEY = [CACHE_TAGS.billing] as const;

/** An answer that is not billing data is a parsing failure, never a half-drawn page. */
export async function getBilling(signal?: AbortSignal): Promise<BillingData> {
  const parsed = billingDataSchema.safeParse(await apiRequest<unknown>(BILLING_PATHS.root, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const billingQuery = queryOptions({
  queryKey: BILLING_QUERY_KEY,
  queryFn: ({ signal }) => getBilling(signal),
});

export function useBilling() {
  return useQuery(billingQuery);
}

/** Merges a mutation's answer into the cached billing data (API-07, API-09). */
export function mergeBilling(queryClient: QueryClient, patch: Partial<BillingData>): void {
  queryClient.setQueryData<BillingData>(BILLING_QUERY_KEY, (old) => (old ? { ...old, ...patch } : old));
}
